import { api } from '@cartwheel/shared/api-client';
import type { Role } from '@cartwheel/shared/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';

export type StaffRole = Exclude<Role, 'customer'>;
export const STAFF_ROLES: StaffRole[] = ['staff', 'manager', 'admin'];

export interface SetRoleInput {
  userId: string;
  role: StaffRole;
}

/** Grants or changes a staff role (PUT /api/admin/team/:userId). */
export function setRole({ userId, role }: SetRoleInput): Promise<unknown> {
  return api.put(`/api/admin/team/${encodeURIComponent(userId)}`, { role });
}

export function useSetRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setRole,
    // The team, any search results, and `me` when admins change their own role.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin', 'team'] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
        queryClient.invalidateQueries({ queryKey: ['me'] }),
      ]),
  });
}
