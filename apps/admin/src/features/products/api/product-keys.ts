import type { QueryClient } from '@tanstack/react-query';

/** Query keys of the products feature; every product query starts with ['admin', 'products']. */
export const productKeys = {
  all: ['admin', 'products'] as const,
  lists: ['admin', 'products', 'list'] as const,
  detail: (productId: string) => ['admin', 'products', 'detail', productId] as const,
  options: (productId: string) => ['admin', 'products', 'detail', productId, 'options'] as const,
  variants: (productId: string) => ['admin', 'products', 'detail', productId, 'variants'] as const,
};

/** After a product changes: its detail (with options and variants) and every list page refetch. */
export function refreshProduct(queryClient: QueryClient, productId?: string) {
  void queryClient.invalidateQueries({ queryKey: productKeys.lists });
  if (productId) void queryClient.invalidateQueries({ queryKey: productKeys.detail(productId) });
}

/** The message of a failed call, for toasts and inline errors. */
export function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'An unexpected error occurred';
}
