import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { emailOutbox } from './email.schema.ts';
import type { EmailMessage, Mailer } from './mailer.ts';

interface QueuedRow {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string> | string | null;
  kind: string;
}

/**
 * Queues a message in the caller's transaction, so it exists if and only if the transaction commits;
 * deliverQueuedEmails sends it after the commit. Returns the queued row's id.
 */
export async function queueEmail(tx: Db | Tx, message: EmailMessage): Promise<string> {
  const [queued] = await tx
    .insert(emailOutbox)
    .values({ ...message, status: 'queued' })
    .returning({ id: emailOutbox.id });
  if (!queued) throw new Error('queueing an email returned no row');
  return queued.id;
}

export interface DeliverOptions {
  /** These rows (just queued by a checkout). */
  ids?: string[];
  /** Or: order confirmations queued at least this long ago (left behind by a crash). */
  olderThanSeconds?: number;
}

/**
 * Hands emails queued in a transaction (order confirmations, abandoned-checkout emails) to the Mailer. Each row is
 * claimed by deleting it (FOR UPDATE SKIP LOCKED: two callers never claim the same row) and the Mailer
 * then records the message again as it sends it, so the outbox shows each email once. If the Mailer
 * fails, the row is queued again for the next sweep.
 */
export async function deliverQueuedEmails(
  ctx: { db: Db; mailer: Mailer },
  options: DeliverOptions,
): Promise<number> {
  let which: SQL;
  if (options.ids) {
    if (options.ids.length === 0) return 0;
    which = sql`id IN (${sql.join(
      options.ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`;
  } else {
    which = sql`kind IN ('order_confirmation', 'abandoned_checkout') AND created_at <= now() - make_interval(secs => ${options.olderThanSeconds ?? 900})`;
  }
  const claimed = await queryRows<QueuedRow>(
    ctx.db,
    sql`DELETE FROM email_outbox WHERE id IN (
        SELECT id FROM email_outbox WHERE status = 'queued' AND ${which}
        ORDER BY created_at LIMIT 50 FOR UPDATE SKIP LOCKED)
      RETURNING "to", subject, text, html, headers, kind`,
  );
  let sent = 0;
  for (const row of claimed) {
    const message: EmailMessage = {
      to: row.to,
      subject: row.subject,
      text: row.text,
      kind: row.kind,
      ...(row.html ? { html: row.html } : {}),
      ...(row.headers
        ? { headers: typeof row.headers === 'string' ? JSON.parse(row.headers) : row.headers }
        : {}),
    };
    try {
      await ctx.mailer.send(message);
      sent++;
    } catch (error) {
      await ctx.db.execute(
        sql`INSERT INTO email_outbox ("to", subject, text, html, headers, kind, status, error)
          VALUES (${row.to}, ${row.subject}, ${row.text}, ${row.html}, ${message.headers ? JSON.stringify(message.headers) : null}::jsonb, ${row.kind}, 'queued',
            ${(error instanceof Error ? error.message : String(error)).slice(0, 2000)})`,
      );
    }
  }
  return sent;
}
