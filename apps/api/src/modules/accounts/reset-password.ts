import type { Me } from '@cartwheel/shared/contracts/accounts';
import { isAPIError } from 'better-auth/api';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { getMe } from './accounts.service.ts';
import type { Auth } from './auth.ts';
import { betterAuthCall } from './auth-calls.ts';

const invalidLink = () =>
  new AppError('invalid', 'invalid_reset_link', 'This reset link is invalid or has expired');

export interface PasswordResetResult {
  me: Me;
  /** Set-Cookie values of the new session (none when the user still has to enter a two-factor code). */
  cookies: string[];
}

/**
 * Sets a new password from an emailed reset token, ends every old session and signs the user in
 * with a new one. The token works once (Better Auth consumes it atomically). A user with two-factor
 * authentication is not signed in: they sign in again with the new password and their code.
 */
export async function resetPasswordAndSignIn(
  auth: Auth,
  db: Db,
  input: { token: string; newPassword: string; headers: Headers },
): Promise<PasswordResetResult> {
  // Uses Better Auth's context directly: counted as one call (auth-calls.ts).
  return betterAuthCall(() => resetAndSignIn(auth, db, input));
}

async function resetAndSignIn(
  auth: Auth,
  db: Db,
  input: { token: string; newPassword: string; headers: Headers },
): Promise<PasswordResetResult> {
  const context = await auth.$context;
  // Who the token belongs to, read before Better Auth consumes it: we sign that user in afterwards.
  const verification = await context.internalAdapter.findVerificationValue(`reset-password:${input.token}`);
  if (!verification || verification.expiresAt < new Date()) throw invalidLink();
  const user = await context.internalAdapter.findUserById(verification.value);
  if (!user) throw invalidLink();

  try {
    // Consumes the token, stores the new hash and deletes all the user's sessions
    // (emailAndPassword.revokeSessionsOnPasswordReset in auth.ts).
    await auth.api.resetPassword({ body: { token: input.token, newPassword: input.newPassword } });
  } catch (error) {
    if (isAPIError(error) && error.statusCode < 500) {
      const code = String((error.body as { code?: string } | undefined)?.code ?? '');
      if (code === 'INVALID_TOKEN' || code === 'USER_NOT_FOUND') throw invalidLink();
      throw new AppError('invalid', code.toLowerCase() || 'invalid_request', error.message);
    }
    throw error;
  }

  if ((user as { twoFactorEnabled?: boolean | null }).twoFactorEnabled) {
    return { me: { user: null, profile: null }, cookies: [] };
  }
  const signIn = await auth.api.signInEmail({
    body: { email: user.email, password: input.newPassword },
    headers: input.headers,
    returnHeaders: true,
  });
  return { me: await getMe(db, user.id), cookies: signIn.headers.getSetCookie() };
}
