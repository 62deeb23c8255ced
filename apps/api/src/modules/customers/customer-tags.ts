import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { CUSTOMERS } from './customers.service.ts';

// A customer's tags are kept by lower-cased email (decision 0092): an account and the guest record
// of the same address share them, and a guest keeps them on making an account.

/** The tags of a customer's address, alphabetically. */
export async function tagsOfEmail(db: Db | Tx, email: string): Promise<string[]> {
  const rows = await queryRows<{ tag: string }>(
    db,
    sql`SELECT tag FROM customer_tags WHERE email = lower(${email}) ORDER BY lower(tag), tag`,
  );
  return rows.map((row) => row.tag);
}

/** Replaces a customer's tags (an account or a guest, by id); tags differing only in case are one. */
export async function setCustomerTags(db: Db, customerId: string, tags: string[]): Promise<string[]> {
  const [customer] = await queryRows<{ email: string }>(
    db,
    sql`SELECT lower(c.email) AS email FROM ${CUSTOMERS} c WHERE c.id = ${customerId}`,
  );
  if (!customer) throw notFound('customer_not_found', 'Customer not found');
  const unique = tags.filter(
    (tag, i) => tags.findIndex((other) => other.toLowerCase() === tag.toLowerCase()) === i,
  );
  await db.transaction(async (tx) => {
    await tx.execute(sql`DELETE FROM customer_tags WHERE email = ${customer.email}`);
    for (const tag of unique) {
      await tx.execute(sql`INSERT INTO customer_tags (email, tag) VALUES (${customer.email}, ${tag})`);
    }
  });
  return tagsOfEmail(db, customer.email);
}

/** Every tag in use, with how many customers have it (the list's filter and the segment editor). */
export async function listTags(db: Db): Promise<Array<{ tag: string; customers: number }>> {
  return queryRows<{ tag: string; customers: number }>(
    db,
    sql`SELECT min(tag) AS tag, count(*)::int AS customers FROM customer_tags
      GROUP BY lower(tag) ORDER BY lower(tag)`,
  );
}
