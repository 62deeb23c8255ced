import { ApiError } from '@cartwheel/shared/api-client';
import { getErrorMessage } from '@cartwheel/shared/errors';

/** Any auth error shows the server's message, or "An error occurred" when none. */
export function authErrorMessage(error: unknown): string {
  return getErrorMessage(error instanceof ApiError ? error : undefined, 'An error occurred');
}

/** Sign-up with an email that already has an account (Better Auth: USER_ALREADY_EXISTS...). */
export function isAlreadyRegistered(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  return error.code.includes('already') || /already/i.test(error.message);
}

/** The API's answer when the shop requires two-factor for staff and this user has not enabled it. */
export function isTwoFactorRequired(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.code === 'two_factor_required';
}
