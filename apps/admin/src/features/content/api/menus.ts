import { api } from '@cartwheel/shared/api-client';
import type { AdminProductList } from '@cartwheel/shared/contracts/admin-products';
import type { Category } from '@cartwheel/shared/contracts/catalog';
import type { MenusInput, MenusRead } from '@cartwheel/shared/contracts/menus';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

const keys = {
  menus: ['admin', 'menus'] as const,
  categories: ['admin', 'menus', 'categories'] as const,
  products: (search: string) => ['admin', 'menus', 'products', search] as const,
};

/** GET /api/admin/menus: the header's and footer's items, each with where it leads and whether it shows. */
export function useMenus() {
  return useQuery({
    queryKey: keys.menus,
    queryFn: ({ signal }) => api.get<MenusRead>('/api/admin/menus', { signal }),
  });
}

export function useSaveMenus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (menus: MenusInput) => api.put<MenusRead>('/api/admin/menus', menus),
    onSuccess: (saved) => client.setQueryData(keys.menus, saved),
  });
}

/** The storefront's categories, to add one to a menu. */
export function useMenuCategories() {
  return useQuery({
    queryKey: keys.categories,
    queryFn: ({ signal }) => api.get<{ items: Category[] }>('/api/categories', { signal }),
  });
}

/** Products matching a search, to add one to a menu (the first 10). */
export function useMenuProductSearch(search: string) {
  return useQuery({
    queryKey: keys.products(search),
    queryFn: ({ signal }) =>
      api.get<AdminProductList>('/api/admin/products', {
        params: { page: 1, limit: 10, search, status: 'all', sort: 'name', order: 'asc' },
        signal,
      }),
    enabled: search.trim().length > 0,
  });
}
