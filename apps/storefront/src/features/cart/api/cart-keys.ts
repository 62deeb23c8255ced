import type { GuestCartLine } from '@cartwheel/shared/contracts/cart';

/** Query keys of the cart; every cart query, signed in or not, starts with ['cart']. */
export const cartKeys = {
  all: ['cart'] as const,
  /** The signed-in shopper's cart, keyed by user so one shopper never sees another's cached cart. */
  server: (userId: string) => ['cart', 'server', userId] as const,
  /** The server's prices for the guest lines: keyed by which products and variants, not quantities. */
  guestPreview: (lines: Array<Pick<GuestCartLine, 'product_id' | 'variant_id'>>) =>
    ['cart', 'guest', lines.map((l) => [l.product_id, l.variant_id] as const)] as const,
};
