import type { ProductCard as ProductCardData } from '@cartwheel/shared/contracts/catalog';
import { getErrorMessage } from '@cartwheel/shared/errors';
import { PRIORITY_CARDS } from '@cartwheel/shared/images';
import { cn } from '@cartwheel/ui/lib/utils';
import type { ReactNode } from 'react';
import { LoadingRegion } from '../../../components/loading.tsx';
import { useT } from '../../../i18n/i18n.tsx';
import { ProductCard, ProductCardSkeleton } from './product-card.tsx';

const gridClass = 'grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 lg:grid-cols-4';

interface ProductGridProps {
  products: ProductCardData[] | undefined;
  isPending: boolean;
  error: Error | null;
  /** Skeleton cards while loading: 4 for featured, 8 for latest, 12 on the list. */
  skeletonCount: number;
  emptyState?: ReactNode;
  className?: string;
  /** Drawn on each card (the wishlist's heart): routes pass it, since features do not import each other. */
  cardAction?: (product: ProductCardData) => ReactNode;
}

/** A responsive grid of product cards with its loading, error and empty states. */
export function ProductGrid({
  products,
  isPending,
  error,
  skeletonCount,
  emptyState,
  className,
  cardAction,
}: ProductGridProps) {
  const t = useT();
  if (isPending) {
    return (
      <LoadingRegion label={t('products.loading')} className={className}>
        <ul className={gridClass}>
          {Array.from({ length: skeletonCount }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: skeletons have no identity
            <li key={i} data-testid="product-card-skeleton">
              <ProductCardSkeleton />
            </li>
          ))}
        </ul>
      </LoadingRegion>
    );
  }

  if (error) {
    return (
      <div role="alert" className={cn('rounded-lg border border-dashed p-8 text-center', className)}>
        <p className="font-medium">{t('products.error')}</p>
        <p className="mt-1 text-muted-foreground text-sm">{getErrorMessage(error)}</p>
      </div>
    );
  }

  if (!products || products.length === 0) {
    return (
      <div className={cn('rounded-lg border border-dashed p-8 text-center text-muted-foreground', className)}>
        {emptyState ?? t('products.empty')}
      </div>
    );
  }

  return (
    <ul className={cn(gridClass, className)}>
      {products.map((product, index) => (
        <li key={product.id}>
          <ProductCard product={product} priority={index < PRIORITY_CARDS} action={cardAction?.(product)} />
        </li>
      ))}
    </ul>
  );
}
