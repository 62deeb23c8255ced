import { lazy, Suspense } from 'react';
import { AfterHydration } from '../../../lib/after-hydration.tsx';
import { HeartButton, type HeartProps } from './heart-button.tsx';

// The wishlist's code (the browser's list, the account's, saving) is not part of the first load: the
// server renders every heart empty anyway, and the page fills them in once this chunk arrives.
const LiveWishlistHeart = lazy(() =>
  import('./live-wishlist-heart.tsx').then((m) => ({ default: m.LiveWishlistHeart })),
);

/** The heart that saves a product to the wishlist (or takes it off). */
export function WishlistHeart(props: HeartProps) {
  const empty = <HeartButton {...props} saved={false} disabled={false} />;
  return (
    <AfterHydration fallback={empty}>
      <Suspense fallback={empty}>
        <LiveWishlistHeart {...props} />
      </Suspense>
    </AfterHydration>
  );
}

/** The heart on a product card (ProductGrid's `cardAction`). */
export const cardHeart = (product: { id: string; name: string }) => (
  <WishlistHeart productId={product.id} productName={product.name} />
);
