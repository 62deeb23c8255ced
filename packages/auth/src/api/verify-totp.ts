import { api } from '@cartwheel/shared/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshAfterSignIn } from './session-cache.ts';

/** Checks a code from the authenticator app: completes a two-factor sign-in, or confirms set-up. */
export function verifyTotp(code: string): Promise<unknown> {
  return api.post('/api/auth/two-factor/verify-totp', { code });
}

export function useVerifyTotp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyTotp,
    onSuccess: () => refreshAfterSignIn(queryClient),
  });
}
