import { MAX_CARD_CATEGORY_BADGES } from '@cartwheel/shared/constants';
import type { ProductCard as ProductCardData } from '@cartwheel/shared/contracts/catalog';
import { Badge } from '@cartwheel/ui/badge';
import { Card } from '@cartwheel/ui/card';
import { Skeleton } from '@cartwheel/ui/skeleton';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SkeletonStack } from '../../../components/loading.tsx';
import { useT } from '../../../i18n/i18n.tsx';
import { CategoryBadges } from './category-badges.tsx';
import { ProductImage } from './product-image.tsx';
import { ProductPrice } from './product-price.tsx';

type CardProduct = Omit<ProductCardData, 'id' | 'variant_count'>;

/**
 * A product tile linking to /product/:slug: image, name, price (with "Out of stock", the product page's
 * words, when none of it can be bought) and up to 2 category badges plus "+N". `action` (the
 * wishlist's heart, given by the route) sits over the image's corner, outside the link.
 */
export function ProductCard({
  product,
  priority = false,
  action,
}: {
  product: CardProduct;
  priority?: boolean;
  action?: ReactNode;
}) {
  const t = useT();
  return (
    <Card className="relative h-full gap-0! overflow-hidden py-0! transition-shadow has-focus-visible:ring-[3px] has-focus-visible:ring-ring/50 hover:shadow-md">
      {action ? <div className="absolute top-2 right-2 z-10">{action}</div> : null}
      <Link
        to={`/product/${encodeURIComponent(product.slug)}`}
        className="group flex h-full flex-col outline-none"
        data-testid="product-card"
      >
        <ProductImage
          image={product.image}
          name={product.name}
          width={400}
          height={400}
          priority={priority}
          className="transition-transform duration-300 motion-safe:group-hover:scale-[1.02]"
        />
        <div className="flex flex-1 flex-col gap-2 border-t p-3 sm:p-4">
          <h3 className="line-clamp-2 font-medium text-sm leading-snug group-hover:underline sm:text-base">
            {product.name}
          </h3>
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <ProductPrice price={product.price} sale_price={product.sale_price} />
            {product.inventory_level > 0 ? null : (
              <Badge variant="secondary" data-testid="card-out-of-stock">
                {t('product.availability.outOfStock')}
              </Badge>
            )}
          </div>
          <CategoryBadges
            categories={product.categories}
            max={MAX_CARD_CATEGORY_BADGES}
            className="mt-auto"
          />
        </div>
      </Link>
    </Card>
  );
}

export function ProductCardSkeleton() {
  return (
    <Card className="h-full gap-0! overflow-hidden py-0!">
      <Skeleton className="aspect-square w-full rounded-none!" />
      <SkeletonStack bars={['h-4 w-3/4', 'h-4 w-1/3', 'h-5 w-1/2']} className="gap-2 border-t p-3 sm:p-4" />
    </Card>
  );
}
