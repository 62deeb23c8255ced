import type { AuthText } from '@cartwheel/auth/components/auth-text';
import { MIN_PASSWORD_LENGTH } from '@cartwheel/shared/constants';
import { useMemo } from 'react';
import { apiErrorMessage } from '../../../i18n/api-errors.ts';
import { useT } from '../../../i18n/i18n.tsx';
import { localizeMessage } from '../../../i18n/validation.ts';

/** The sign-in, sign-up and password forms' words in the page's language. */
export function useAuthFormText(): AuthText {
  const t = useT();
  return useMemo(
    () => ({
      email: t('checkout.email'),
      password: t('authForm.password'),
      confirmPassword: t('authForm.confirmPassword'),
      newPassword: t('authForm.newPassword'),
      confirmNewPassword: t('authForm.confirmNewPassword'),
      passwordRule: t('authForm.passwordRule', { min: MIN_PASSWORD_LENGTH }),
      passwordsDiffer: t('validation.passwordsDiffer'),
      signIn: t('account.signIn'),
      signingIn: t('authForm.signingIn'),
      signedIn: t('authForm.signedIn'),
      forgotPassword: t('authForm.forgotPassword'),
      sending: t('authForm.sending'),
      resetSent: t('authForm.resetSent'),
      enterEmailFirst: t('authForm.enterEmailFirst'),
      invalidEmail: t('validation.email'),
      firstName: t('authForm.firstName'),
      lastName: t('authForm.lastName'),
      optional: t('authForm.optional'),
      createAccount: t('authForm.createAccount'),
      creatingAccount: t('authForm.creatingAccount'),
      accountCreated: t('authForm.accountCreated'),
      alreadyRegistered: t('authForm.alreadyRegistered'),
      passwordUpdated: t('authForm.passwordUpdated'),
      resetLinkInvalid: t('authForm.resetLinkInvalid'),
      updatePassword: t('authForm.updatePassword'),
      updatingPassword: t('authForm.updatingPassword'),
      twoFactorTitle: t('authForm.twoFactorTitle'),
      twoFactorBackupHelp: t('authForm.twoFactorBackupHelp'),
      twoFactorAppHelp: t('authForm.twoFactorAppHelp'),
      backupCode: t('authForm.backupCode'),
      authCode: t('authForm.authCode'),
      verify: t('authForm.verify'),
      verifying: t('authForm.verifying'),
      useAuthenticator: t('authForm.useAuthenticator'),
      useBackupCode: t('authForm.useBackupCode'),
      backToSignIn: t('authForm.backToSignIn'),
      localize: (message: string) => localizeMessage(t, message),
      errorMessage: (error: unknown) => apiErrorMessage(t, error, t('common.error')),
    }),
    [t],
  );
}
