import { lazy, Suspense } from 'react';
import { HeartButton, type HeartProps } from './heart-button.tsx';

// The wishlist's code (the browser's list, the account's, saving) is not part of the first load: the
// server renders every heart empty anyway, and the page fills them in once this chunk arrives.
const LiveWishlistHeart = lazy(() =>
  import('./live-wishlist-heart.tsx').then((m) => ({ default: m.LiveWishlistHeart })),
);

/** The heart that saves a product to the wishlist (or takes it off). */
export function WishlistHeart(props: HeartProps) {
  return (
    <Suspense fallback={<HeartButton {...props} saved={false} disabled={false} />}>
      <LiveWishlistHeart {...props} />
    </Suspense>
  );
}

/** The heart on a product card (ProductGrid's `cardAction`). */
export const cardHeart = (product: { id: string; name: string }) => (
  <WishlistHeart productId={product.id} productName={product.name} />
);
