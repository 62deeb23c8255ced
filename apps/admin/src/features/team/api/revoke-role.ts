import { api } from '@cartwheel/shared/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';

/** Takes a staff role away: the user is a customer again (DELETE /api/admin/team/:userId). */
export function revokeRole(userId: string): Promise<unknown> {
  return api.delete(`/api/admin/team/${encodeURIComponent(userId)}`);
}

export function useRevokeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeRole,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin', 'team'] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'users'] }),
        queryClient.invalidateQueries({ queryKey: ['me'] }),
      ]),
  });
}
