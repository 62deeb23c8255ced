import { api } from '@cartwheel/shared/api-client';
import { useMutation } from '@tanstack/react-query';

/** Emails a one-time reset link. Answers the same whether or not the email has an account. */
export function requestPasswordReset(email: string): Promise<unknown> {
  return api.post('/api/auth/request-password-reset', { email });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
