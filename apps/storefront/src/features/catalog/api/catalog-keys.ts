import type { ProductsParams } from './get-products.ts';

/** Query keys of the catalog; product lists and product pages both start with ['products']. */
export const catalogKeys = {
  brands: ['brands'] as const,
  categories: ['categories'] as const,
  categoryTree: ['categories', 'tree'] as const,
  category: (slug: string) => ['categories', 'page', slug] as const,
  products: ['products'] as const,
  productList: (params: ProductsParams) => ['products', 'list', params] as const,
  product: (slug: string) => ['products', 'detail', slug] as const,
  search: (query: string) => ['products', 'search', query] as const,
  suggestions: (q: string) => ['products', 'suggestions', q] as const,
};
