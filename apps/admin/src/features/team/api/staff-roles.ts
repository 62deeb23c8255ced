import { api } from '@cartwheel/shared/api-client';
import type { StaffRoleEntry } from '@cartwheel/shared/contracts/accounts';
import type { Permission } from '@cartwheel/shared/permissions';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../../lib/query-keys.ts';
import { refreshTeam } from './team-keys.ts';

/** The roles an admin made from permissions (GET /api/admin/roles). */
export const staffRolesQueryOptions = queryOptions({
  queryKey: adminKeys.roles,
  queryFn: ({ signal }) => api.get<{ items: StaffRoleEntry[] }>('/api/admin/roles', { signal }),
});

export function useStaffRoles() {
  return useQuery(staffRolesQueryOptions);
}

export interface StaffRoleInput {
  id?: string;
  name: string;
  permissions: Permission[];
}

/** Creates a role, or renames it and changes its permissions when it has an id. */
export function useSaveStaffRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...body }: StaffRoleInput) =>
      id
        ? api.put<StaffRoleEntry>(`/api/admin/roles/${encodeURIComponent(id)}`, body)
        : api.post<StaffRoleEntry>('/api/admin/roles', body),
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.roles }), refreshTeam(queryClient)]),
  });
}

export function useDeleteStaffRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/api/admin/roles/${encodeURIComponent(id)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.roles }),
  });
}
