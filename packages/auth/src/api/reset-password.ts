import { api } from '@cartwheel/shared/api-client';
import type { Me } from '@cartwheel/shared/contracts/accounts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshAfterSignIn } from './session-cache.ts';

export interface ResetPasswordInput {
  token: string;
  newPassword: string;
}

/** Sets a new password from the emailed link's token; the server signs the user in and answers `me`. */
export function resetPassword(input: ResetPasswordInput): Promise<Me> {
  return api.post<Me>('/api/account/reset-password', input);
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPassword,
    onSuccess: () => refreshAfterSignIn(queryClient),
  });
}
