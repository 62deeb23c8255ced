import type { WishlistKey } from '../guest-wishlist.ts';

/** Query keys of the wishlist; every one starts with ['wishlist']. */
export const wishlistKeys = {
  /** The signed-in shopper's list, keyed by user so one shopper never sees another's. */
  server: (userId: string) => ['wishlist', 'server', userId] as const,
  guestPreview: (items: WishlistKey[]) =>
    ['wishlist', 'guest', items.map((i) => [i.product_id, i.variant_id] as const)] as const,
  shared: (token: string) => ['wishlist', 'shared', token] as const,
};
