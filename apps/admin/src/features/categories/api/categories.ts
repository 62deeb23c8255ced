import { api } from '@cartwheel/shared/api-client';
import type {
  AdminCategoryList,
  CategoryCreateBody,
  CategoryMoveBody,
  CategoryUpdateBody,
} from '@cartwheel/shared/contracts/category-tree';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

const key = ['admin', 'categories'] as const;
// The product editor's category picker reads GET /api/categories under this key (products feature).
const pickerKey = ['catalog', 'categories'] as const;

/** GET /api/admin/categories: every category in tree order, hidden ones too. */
export function useAdminCategories() {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get<AdminCategoryList>('/api/admin/categories', { signal }),
  });
}

export type CategoryChange =
  | { kind: 'create'; body: CategoryCreateBody }
  | { kind: 'update'; id: string; body: CategoryUpdateBody }
  | { kind: 'move'; id: string; body: CategoryMoveBody }
  | { kind: 'delete'; id: string };

/** Every write answers the whole tree, which replaces the cached one. */
export function useChangeCategories() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: CategoryChange) => {
      const path = (id: string) => `/api/admin/categories/${id}`;
      switch (change.kind) {
        case 'create':
          return api.post<AdminCategoryList>('/api/admin/categories', change.body);
        case 'update':
          return api.patch<AdminCategoryList>(path(change.id), change.body);
        case 'move':
          return api.post<AdminCategoryList>(`${path(change.id)}/move`, change.body);
        case 'delete':
          return api.delete<AdminCategoryList>(path(change.id));
      }
    },
    onSuccess: (list) => {
      client.setQueryData(key, list);
      return client.invalidateQueries({ queryKey: pickerKey });
    },
  });
}
