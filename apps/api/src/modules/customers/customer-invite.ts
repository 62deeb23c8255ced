import { randomBytes } from 'node:crypto';
import type { CustomerInvite } from '@cartwheel/shared/contracts/customers';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Auth } from '../accounts/auth.ts';
import { betterAuthCall } from '../accounts/auth-calls.ts';
import { composeEmail } from '../email/email-templates.ts';
import type { Mailer } from '../email/mailer.ts';
import { HAS_PASSWORD } from './customers.service.ts';

/** How long an invitation's link works (a reset link: one hour). */
export const INVITE_DAYS = 7;

/**
 * "Send account invite": emails a customer account the shop made (Point of Sale) a link to choose its
 * first password. The link is a Better Auth password-reset token (it works once; resetting creates
 * the password, docs/decisions/0044-customers-created-by-staff.md), so staff never see or set a
 * password. Only an account without a password can be invited: for any other the answer is a 409,
 * so this can never be used to reset someone's password.
 */
export async function inviteCustomer(
  deps: {
    db: Db;
    auth: Auth;
    mailer: Mailer;
    config: Pick<Config, 'publicUrl' | 'shopName' | 'shopLogoUrl'>;
  },
  customerId: string,
): Promise<CustomerInvite> {
  const [customer] = await queryRows<{ email: string; first_name: string; has_password: boolean }>(
    deps.db,
    sql`SELECT u.email, p.first_name, ${HAS_PASSWORD} AS has_password
      FROM users u JOIN profiles p ON p.id = u.id WHERE u.id = ${customerId} AND p.role = 'customer'`,
  );
  if (!customer) throw notFound('customer_not_found', 'Customer not found');
  if (customer.has_password) {
    throw new AppError(
      'conflict',
      'customer_has_password',
      'This customer already has a password; they can reset it from the sign-in page',
    );
  }
  const token = randomBytes(24).toString('base64url');
  // Better Auth's own one-time reset value (stored hashed), read by POST /api/account/reset-password.
  await betterAuthCall(async () => {
    const context = await deps.auth.$context;
    await context.internalAdapter.createVerificationValue({
      identifier: `reset-password:${token}`,
      value: customerId,
      expiresAt: new Date(Date.now() + INVITE_DAYS * 86_400_000),
    });
  });
  const url = `${deps.config.publicUrl}/auth?mode=reset&token=${encodeURIComponent(token)}`;
  await deps.mailer.send(
    await composeEmail(deps.db, deps.config, 'account_invite', customer.email, {
      first_name: customer.first_name || null,
      url,
    }),
  );
  return { sent_to: customer.email };
}
