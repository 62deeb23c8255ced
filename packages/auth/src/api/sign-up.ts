import { api } from '@cartwheel/shared/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshAfterSignIn } from './session-cache.ts';

export interface SignUpInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** Creates a customer account and signs it in. Better Auth wants a display name: "First Last", or the email. */
export function signUp({ email, password, firstName, lastName }: SignUpInput): Promise<unknown> {
  const first = firstName.trim();
  const last = lastName.trim();
  const name = `${first} ${last}`.trim() || email;
  return api.post('/api/auth/sign-up/email', { email, password, name, firstName: first, lastName: last });
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signUp,
    onSuccess: () => refreshAfterSignIn(queryClient),
  });
}
