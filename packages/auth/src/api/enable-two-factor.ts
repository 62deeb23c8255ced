import { api } from '@cartwheel/shared/api-client';
import { useMutation } from '@tanstack/react-query';

/** What the authenticator app needs (an otpauth:// URI) and the one-time backup codes. */
export interface TwoFactorSetup {
  totpURI: string;
  backupCodes: string[];
}

/** Starts two-factor set-up (password confirmed); it takes effect once a first code is verified. */
export function enableTwoFactor(password: string): Promise<TwoFactorSetup> {
  return api.post<TwoFactorSetup>('/api/auth/two-factor/enable', { password });
}

export function useEnableTwoFactor() {
  return useMutation({ mutationFn: enableTwoFactor });
}
