import { createContext, useContext } from 'react';
import { PASSWORD_RULE, PASSWORDS_DO_NOT_MATCH } from './auth-schemas.ts';

/** The sign-in, sign-up and password forms' words, English unless a front end gives its own. */
export const AUTH_TEXT = {
  email: 'Email',
  password: 'Password',
  confirmPassword: 'Confirm Password',
  newPassword: 'New Password',
  confirmNewPassword: 'Confirm New Password',
  passwordRule: PASSWORD_RULE,
  passwordsDiffer: PASSWORDS_DO_NOT_MATCH,
  signIn: 'Sign In',
  signingIn: 'Signing In...',
  signedIn: 'Signed in successfully!',
  forgotPassword: 'Forgot password?',
  sending: 'Sending...',
  resetSent: 'Password reset email sent!',
  enterEmailFirst: 'Enter your email address, then choose Forgot password?',
  invalidEmail: 'Enter a valid email address',
  firstName: 'First name',
  lastName: 'Last name',
  optional: '(optional)',
  createAccount: 'Create Account',
  creatingAccount: 'Creating Account...',
  accountCreated: 'Account created! Please check your email to verify your account.',
  alreadyRegistered: 'This email is already registered. Please sign in instead.',
  passwordUpdated: 'Your password has been updated. You are signed in.',
  resetLinkInvalid:
    'This reset link is invalid or has expired. Ask for a new one with Forgot password? on the sign-in form.',
  updatePassword: 'Update Password',
  updatingPassword: 'Updating Password...',
  twoFactorTitle: 'Two-factor authentication',
  twoFactorBackupHelp: 'Enter one of your backup codes. Each code works once.',
  twoFactorAppHelp: 'Enter the 6-digit code from your authenticator app.',
  backupCode: 'Backup code',
  authCode: 'Authentication code',
  verify: 'Verify',
  verifying: 'Verifying...',
  useAuthenticator: 'Use an authenticator code',
  useBackupCode: 'Use a backup code',
  backToSignIn: 'Back to sign in',
};

export type AuthText = typeof AUTH_TEXT & {
  /** A check's message (the schemas' English) in the page's language. */
  localize?: (message: string) => string;
  /** A failed call's message in the page's language (the server's English without it). */
  errorMessage?: (error: unknown) => string;
};

const AuthTextContext = createContext<AuthText>(AUTH_TEXT);

/** Gives the forms inside it their words (the storefront's in the page's language). */
export const AuthTextProvider = AuthTextContext;

/** The forms' words. */
export function useAuthText(): AuthText {
  return useContext(AuthTextContext);
}
