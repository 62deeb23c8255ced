import { lazy, Suspense } from 'react';
import { AfterHydration } from '../../../lib/after-hydration.tsx';

// Loaded after hydration, like the hearts (wishlist-heart.tsx): nothing of it is drawn.
const LiveWishlistMerge = lazy(() =>
  import('./live-wishlist-merge.tsx').then((m) => ({ default: m.LiveWishlistMerge })),
);

/** Mounted once in the layout: merges a guest's wishlist into the shopper's at sign-in. */
export function WishlistMerge() {
  return (
    <AfterHydration>
      <Suspense fallback={null}>
        <LiveWishlistMerge />
      </Suspense>
    </AfterHydration>
  );
}
