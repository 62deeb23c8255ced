import { api } from '@cartwheel/shared/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshAfterSignIn } from './session-cache.ts';

/** Completes a two-factor sign-in with one of the backup codes (each works once). */
export function verifyBackupCode(code: string): Promise<unknown> {
  return api.post('/api/auth/two-factor/verify-backup-code', { code });
}

export function useVerifyBackupCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyBackupCode,
    onSuccess: () => refreshAfterSignIn(queryClient),
  });
}
