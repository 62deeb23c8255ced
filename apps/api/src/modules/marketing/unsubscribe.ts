import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { signingSecret } from '../accounts/auth.ts';
import type { UnsubscribeLinks } from '../email/email-templates.ts';

type SigningConfig = Pick<Config, 'authSecret' | 'publicUrl'>;

const normalize = (email: string) => email.trim().toLowerCase();

const signature = (config: SigningConfig, email: string) =>
  createHmac('sha256', signingSecret(config)).update(`unsubscribe:${email}`).digest('base64url');

/**
 * The token in a marketing email's unsubscribe link: the address and its HMAC under the shop's
 * secret. It needs no storage and does not expire: unsubscribing must work from any old email.
 */
export function unsubscribeToken(config: SigningConfig, email: string): string {
  const address = normalize(email);
  return `${Buffer.from(address).toString('base64url')}.${signature(config, address)}`;
}

/** The address a token was made for, or null for a token that was not made by this shop. */
export function verifyUnsubscribeToken(config: SigningConfig, token: string): string | null {
  const [encoded, given] = token.split('.');
  if (!encoded || !given || token.split('.').length !== 2) return null;
  const address = Buffer.from(encoded, 'base64url').toString('utf8');
  const expected = Buffer.from(signature(config, address));
  const actual = Buffer.from(given);
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? address : null;
}

/** The storefront page the email links to, and the URL mail clients POST to (one click, RFC 8058). */
export function unsubscribeLinks(config: SigningConfig, email: string): UnsubscribeLinks {
  const token = encodeURIComponent(unsubscribeToken(config, email));
  return {
    page: `${config.publicUrl}/unsubscribe?token=${token}`,
    oneClick: `${config.publicUrl}/api/marketing/unsubscribe?token=${token}`,
  };
}

/**
 * Unsubscribes the token's address from marketing email: recorded for the address (guests) and the
 * consent of an account with that address cleared. Saying it twice is harmless.
 */
export async function unsubscribe(db: Db, config: SigningConfig, token: string): Promise<string> {
  const email = verifyUnsubscribeToken(config, token);
  if (!email) throw new AppError('invalid', 'unsubscribe_link_invalid', 'This unsubscribe link is invalid');
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`INSERT INTO marketing_unsubscribes (email) VALUES (${email})
        ON CONFLICT (email) DO UPDATE SET unsubscribed_at = now()`,
    );
    await tx.execute(
      sql`UPDATE profiles SET marketing_opt_in = false, updated_at = now()
        WHERE id IN (SELECT id FROM users WHERE lower(email) = ${email}) AND marketing_opt_in`,
    );
  });
  return email;
}

/** A customer's consent from their account page; opting in again ends an earlier unsubscribe. */
export async function setAccountConsent(db: Db | Tx, userId: string, optIn: boolean): Promise<boolean> {
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`UPDATE profiles SET marketing_opt_in = ${optIn}, updated_at = now() WHERE id = ${userId}`,
    );
    if (optIn) {
      await tx.execute(
        sql`DELETE FROM marketing_unsubscribes WHERE email = (SELECT lower(email) FROM users WHERE id = ${userId})`,
      );
    }
  });
  return optIn;
}

export async function accountConsent(db: Db, userId: string): Promise<boolean> {
  const [row] = await queryRows<{ marketing_opt_in: boolean }>(
    db,
    sql`SELECT marketing_opt_in FROM profiles WHERE id = ${userId}`,
  );
  return Boolean(row?.marketing_opt_in);
}
