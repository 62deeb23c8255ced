import { api } from '@cartwheel/shared/api-client';
import type { Role } from '@cartwheel/shared/constants';
import type { TeamMember } from '@cartwheel/shared/contracts/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshTeam } from './team-keys.ts';

export type StaffRole = Exclude<Role, 'customer'>;
export const STAFF_ROLES: StaffRole[] = ['staff', 'manager', 'admin'];

/** A role picker's value: a built-in role, or `custom:<id>` for a role made of permissions. */
export type RoleChoice = StaffRole | `custom:${string}`;

export function roleChoiceOf(member: Pick<TeamMember, 'role' | 'staff_role'>): RoleChoice {
  if (member.staff_role) return `custom:${member.staff_role.id}`;
  return member.role === 'customer' ? 'staff' : member.role;
}

export interface SetRoleInput {
  userId: string;
  choice: RoleChoice;
}

/** Grants or changes a role, built in or custom (PUT /api/admin/team/:userId). */
export function setRole({ userId, choice }: SetRoleInput): Promise<unknown> {
  const body = choice.startsWith('custom:')
    ? { role: 'staff', staff_role_id: choice.slice('custom:'.length) }
    : { role: choice };
  return api.put(`/api/admin/team/${encodeURIComponent(userId)}`, body);
}

export function useSetRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setRole,
    onSettled: () => refreshTeam(queryClient),
  });
}
