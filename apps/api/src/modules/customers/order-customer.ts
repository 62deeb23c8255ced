import { sql } from 'drizzle-orm';
import { queryRows, type Tx } from '../../db/client.ts';

interface AccountRow {
  id: string;
  email_verified: boolean;
  has_password: boolean;
}

const accountByEmail = async (tx: Tx, email: string) =>
  (
    await queryRows<AccountRow>(
      tx,
      sql`SELECT u.id, u.email_verified, EXISTS (SELECT 1 FROM accounts a
            WHERE a.user_id = u.id AND a.provider_id = 'credential') AS has_password
          FROM users u WHERE lower(u.email) = ${email}`,
    )
  )[0];

/**
 * An account that may receive an order staff placed for this email: one whose address is proven
 * (verified), or one the shop made itself (no password yet; whoever sets one proves the address with
 * the emailed link). An unverified sign-up is not enough: anyone can sign up with someone else's
 * address, so that order stays a guest's and joins the account when the address is verified.
 */
const mayReceive = (account: AccountRow) => account.email_verified || !account.has_password;

/**
 * The account the order a staff member places for `email` belongs to (Point of Sale, docs/product.md):
 * the existing account with that email (case-insensitive), else a new customer account without a
 * password (a users row and a customer profile, as sign-up makes them, with the typed name). Never
 * changes an existing account: its name, role and password stay as they are. Null when the email
 * belongs to an account that may not receive it (see mayReceive). Concurrent calls for one new email
 * make one account (users.email is unique; the loser reads the winner's row).
 */
export async function customerForStaffOrder(
  tx: Tx,
  input: { email: string; firstName: string; lastName: string },
): Promise<{ id: string; created: boolean } | null> {
  const email = input.email.trim().toLowerCase();
  const existing = await accountByEmail(tx, email);
  if (existing) return mayReceive(existing) ? { id: existing.id, created: false } : null;
  const name = [input.firstName, input.lastName].filter(Boolean).join(' ');
  const [created] = await queryRows<{ id: string }>(
    tx,
    sql`INSERT INTO users (name, email, email_verified) VALUES (${name}, ${email}, false)
      ON CONFLICT (email) DO NOTHING RETURNING id`,
  );
  if (!created) {
    const raced = await accountByEmail(tx, email);
    return raced && mayReceive(raced) ? { id: raced.id, created: false } : null;
  }
  await tx.execute(
    sql`INSERT INTO profiles (id, first_name, last_name) VALUES (${created.id}::uuid,
      ${input.firstName.trim().slice(0, 100)}, ${input.lastName.trim().slice(0, 100)})`,
  );
  return { id: created.id, created: true };
}
