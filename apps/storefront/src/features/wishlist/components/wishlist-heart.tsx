import { cn } from '@cartwheel/ui/lib/utils';
import { Heart } from 'lucide-react';
import { useT } from '../../../i18n/i18n.tsx';
import { useWishlist } from '../hooks/use-wishlist.ts';

/**
 * The heart that saves a product to the wishlist (or takes it off). Its state is the browser's: the
 * server renders it empty and the page fills it in after hydration.
 */
export function WishlistHeart({
  productId,
  productName,
  className,
}: {
  productId: string;
  productName: string;
  className?: string;
}) {
  const t = useT();
  const { has, toggle, pending } = useWishlist();
  const item = { product_id: productId, variant_id: null };
  const saved = has(item);
  return (
    <button
      type="button"
      aria-pressed={saved}
      // One name whatever the state: aria-pressed says whether it is saved.
      aria-label={t('wishlist.addProduct', { name: productName })}
      disabled={pending}
      onClick={() => void toggle(item)}
      data-testid="wishlist-heart"
      className={cn(
        'inline-flex size-9 items-center justify-center rounded-full border bg-background/90 text-foreground shadow-sm outline-none transition-colors hover:bg-background focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:opacity-60',
        className,
      )}
    >
      <Heart aria-hidden="true" className={cn('size-5', saved && 'fill-rose-600 text-rose-600')} />
    </button>
  );
}

/** The heart on a product card (ProductGrid's `cardAction`). */
export const cardHeart = (product: { id: string; name: string }) => (
  <WishlistHeart productId={product.id} productName={product.name} />
);
