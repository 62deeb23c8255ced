import type { AbandonedCheckout, RecoverySummary } from '@cartwheel/shared/contracts/marketing';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';

const UNPAID_WITH_EMAIL = sql`o.order_number IS NULL AND o.customer_email IS NOT NULL`;

interface ListRow {
  id: string;
  email: string;
  name: string | null;
  is_guest: boolean;
  items: AbandonedCheckout['items'] | string | null;
  total_amount: number;
  currency: string;
  created_at: string | Date;
  marketing_opt_in: boolean;
  email_sent_at: string | Date | null;
  recovered_at: string | Date | null;
  recovered_amount: number | null;
}

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

/** Checkouts started with an email and never paid, newest first: who, what, value, when. */
export async function listAbandonedCheckouts(
  db: Db,
  params: { page: number; limit: number },
): Promise<{ items: AbandonedCheckout[]; total: number }> {
  const [rows, [count]] = await Promise.all([
    queryRows<ListRow>(
      db,
      sql`SELECT o.id, o.customer_email AS email,
          NULLIF(trim(concat_ws(' ', o.customer_first_name, o.customer_last_name)), '') AS name,
          o.customer_id IS NULL AS is_guest, o.total_amount, o.currency, o.created_at,
          (o.marketing_opt_in OR coalesce(p.marketing_opt_in, false)) AS marketing_opt_in,
          e.sent_at AS email_sent_at, e.recovered_at, e.recovered_amount,
          (SELECT coalesce(json_agg(json_build_object(
              'name', CASE WHEN i.variant_title IS NULL THEN i.product_name
                ELSE i.product_name || ' (' || i.variant_title || ')' END,
              'quantity', i.quantity) ORDER BY i.created_at, i.product_name), '[]'::json)
            FROM order_items i WHERE i.order_id = o.id) AS items
        FROM orders o
        LEFT JOIN profiles p ON p.id = o.customer_id
        LEFT JOIN abandoned_checkout_emails e ON e.order_id = o.id
        WHERE ${UNPAID_WITH_EMAIL}
        ORDER BY o.created_at DESC, o.id DESC
        LIMIT ${params.limit} OFFSET ${(params.page - 1) * params.limit}`,
    ),
    queryRows<{ total: number }>(
      db,
      sql`SELECT count(*)::int AS total FROM orders o WHERE ${UNPAID_WITH_EMAIL}`,
    ),
  ]);
  return {
    items: rows.map((row) => ({
      ...row,
      items: typeof row.items === 'string' ? JSON.parse(row.items) : (row.items ?? []),
      total_amount: Number(row.total_amount),
      created_at: iso(row.created_at)!,
      email_sent_at: iso(row.email_sent_at),
      recovered_at: iso(row.recovered_at),
      recovered_amount: row.recovered_amount === null ? null : Number(row.recovered_amount),
    })),
    total: Number(count?.total ?? 0),
  };
}

/**
 * Recovery over the days `from`..`to` (UTC, inclusive): checkouts abandoned, recovery emails sent,
 * and the orders paid after one with their revenue (counted on the day they were paid).
 */
export async function recoverySummary(db: Db, from: string, to: string): Promise<RecoverySummary> {
  const range = (column: ReturnType<typeof sql>) =>
    sql`${column} >= ${from}::date AND ${column} < ${to}::date + 1`;
  const [row] = await queryRows<{
    abandoned: number;
    emails_sent: number;
    recovered: number;
    recovered_amount: number | string;
  }>(
    db,
    sql`SELECT
        (SELECT count(*)::int FROM orders o WHERE ${UNPAID_WITH_EMAIL}
          AND ${range(sql`(o.created_at AT TIME ZONE 'UTC')`)}) AS abandoned,
        (SELECT count(*)::int FROM abandoned_checkout_emails e
          WHERE ${range(sql`(e.sent_at AT TIME ZONE 'UTC')`)}) AS emails_sent,
        (SELECT count(*)::int FROM abandoned_checkout_emails e
          WHERE e.recovered_at IS NOT NULL AND ${range(sql`(e.recovered_at AT TIME ZONE 'UTC')`)}) AS recovered,
        (SELECT coalesce(sum(e.recovered_amount), 0)::bigint FROM abandoned_checkout_emails e
          WHERE e.recovered_at IS NOT NULL AND ${range(sql`(e.recovered_at AT TIME ZONE 'UTC')`)}) AS recovered_amount`,
  );
  return {
    from,
    to,
    abandoned: row?.abandoned ?? 0,
    emails_sent: row?.emails_sent ?? 0,
    recovered: row?.recovered ?? 0,
    recovered_amount: Number(row?.recovered_amount ?? 0),
  };
}
