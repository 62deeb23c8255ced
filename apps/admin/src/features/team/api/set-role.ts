import { api } from '@cartwheel/shared/api-client';
import type { Role } from '@cartwheel/shared/constants';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshTeam } from './team-keys.ts';

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
    onSettled: () => refreshTeam(queryClient),
  });
}
