import { api } from '@cartwheel/shared/api-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshAfterSignIn } from './session-cache.ts';

export interface SignInInput {
  email: string;
  password: string;
}

/** Either signed in, or (two-factor users) asked for a code before the session exists. */
export interface SignInResult {
  twoFactorRedirect?: boolean;
}

export function signIn(input: SignInInput): Promise<SignInResult> {
  return api.post<SignInResult>('/api/auth/sign-in/email', input);
}

export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signIn,
    onSuccess: async (result) => {
      if (!result?.twoFactorRedirect) await refreshAfterSignIn(queryClient);
    },
  });
}
