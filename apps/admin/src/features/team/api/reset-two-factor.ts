import { api } from '@cartwheel/shared/api-client';
import type { TeamMember } from '@cartwheel/shared/contracts/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshTeam } from './team-keys.ts';

/** Removes a member's second factor and ends their sessions (POST /api/admin/team/:userId/reset-two-factor). */
export function resetTwoFactor(userId: string): Promise<TeamMember> {
  return api.post<TeamMember>(`/api/admin/team/${encodeURIComponent(userId)}/reset-two-factor`);
}

export function useResetTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetTwoFactor,
    onSettled: () => refreshTeam(queryClient),
  });
}
