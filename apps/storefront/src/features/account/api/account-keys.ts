/**
 * Query keys of the shopper's orders, keyed by user so nobody sees another's cached orders. Every
 * one starts with ['account-orders']: invalidate that after a checkout completes.
 */
export const accountKeys = {
  all: ['account-orders'] as const,
  orders: (userId: string) => ['account-orders', userId, 'list'] as const,
  order: (userId: string, orderId: string) => ['account-orders', userId, 'detail', orderId] as const,
};
