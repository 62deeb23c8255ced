import { api } from '@cartwheel/shared/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshAfterSignIn } from './session-cache.ts';

/** Turns two-factor off (password confirmed). */
export function disableTwoFactor(password: string): Promise<unknown> {
  return api.post('/api/auth/two-factor/disable', { password });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    // The session may be replaced, and admin calls may now be refused: reload who we are and the rest.
    onSuccess: () => refreshAfterSignIn(queryClient),
  });
}
