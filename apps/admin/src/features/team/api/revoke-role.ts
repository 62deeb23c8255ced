import { api } from '@cartwheel/shared/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshTeam } from './team-keys.ts';

/** Takes a staff role away: the user is a customer again (DELETE /api/admin/team/:userId). */
export function revokeRole(userId: string): Promise<unknown> {
  return api.delete(`/api/admin/team/${encodeURIComponent(userId)}`);
}

export function useRevokeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeRole,
    onSettled: () => refreshTeam(queryClient),
  });
}
