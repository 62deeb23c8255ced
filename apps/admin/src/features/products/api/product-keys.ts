import type { QueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../../lib/query-keys.ts';
import type { ProductListParams } from './get-products.ts';

/** Query keys of the products feature; every product query starts with ['admin', 'products']. */
export const productKeys = {
  all: adminKeys.products,
  lists: [...adminKeys.products, 'list'] as const,
  list: (params: ProductListParams) => [...adminKeys.products, 'list', params] as const,
  detail: (productId: string) => [...adminKeys.products, 'detail', productId] as const,
  options: (productId: string) => [...adminKeys.products, 'detail', productId, 'options'] as const,
  variants: (productId: string) => [...adminKeys.products, 'detail', productId, 'variants'] as const,
  /** The category and brand lists the editor picks from (the catalog's, not the back office's). */
  categories: ['catalog', 'categories'] as const,
  brands: ['catalog', 'brands'] as const,
};

/** After a product changes: its detail (with options and variants) and every list page refetch. */
export function refreshProduct(queryClient: QueryClient, productId?: string) {
  void queryClient.invalidateQueries({ queryKey: productKeys.lists });
  if (productId) void queryClient.invalidateQueries({ queryKey: productKeys.detail(productId) });
}

/** After a variant's stock changes: the product (whose stock is its variants' sum) and the lists. */
export function refreshProductStock(queryClient: QueryClient, productId: string) {
  void queryClient.invalidateQueries({ queryKey: productKeys.lists });
  void queryClient.invalidateQueries({ queryKey: productKeys.detail(productId), exact: true });
}
