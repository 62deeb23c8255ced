import { ApiError, api } from '@cartwheel/shared/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clearAfterSignOut } from './session-cache.ts';

/**
 * Ends the session. A 401, 403 or 404 means there is no session left to end: that is
 * a successful sign-out as far as this browser is concerned.
 */
export async function signOut(): Promise<void> {
  try {
    await api.post('/api/auth/sign-out', {});
  } catch (error) {
    if (error instanceof ApiError && [401, 403, 404].includes(error.status)) return;
    throw error;
  }
}

export function useSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => clearAfterSignOut(queryClient),
  });
}
