import { sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { Config } from '../../config.ts';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import type { JobRun, Jobs } from '../jobs/jobs.ts';
import { emailOutbox } from './email.schema.ts';
import type { EmailMessage } from './mailer.ts';

/** Stores a message in the outbox (in `tx`) and returns its id, the key of its delivery. */
export async function recordEmail(
  tx: Db | Tx,
  message: EmailMessage,
  status: 'queued' | 'sent',
): Promise<string> {
  const [row] = await tx
    .insert(emailOutbox)
    .values({ ...message, status, ...(status === 'sent' ? { sentAt: new Date() } : {}) })
    .returning({ id: emailOutbox.id });
  if (!row) throw new Error('recording an email returned no row');
  return row.id;
}

export interface DeliveryContext {
  db: Db;
  /** Hands one message to the mail server; resolves when the server has accepted it. */
  transport: Pick<Transporter, 'sendMail'>;
  from: string;
  /** How long a run may hold the row before another run may take it over (the job timeout). */
  claimSeconds: number;
}

interface Claimed {
  to: string;
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string> | string | null;
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

/**
 * Delivers one outbox row, at most once per acceptance by the mail server: the run claims the row
 * (status queued and no live claim), sends, then marks it sent. A second run of the same job (a worker
 * died after sending, before the job was completed) finds it sent and does nothing; a run that finds
 * another live claim throws, so the job is tried again after that claim has run out. A message the
 * server refused stays queued for the next try, or ends `failed` on the last one.
 * Returns what happened (for logs and tests).
 */
export async function deliverEmail(
  ctx: DeliveryContext,
  emailId: string,
  run: Pick<JobRun, 'lastAttempt'> & Partial<Pick<JobRun, 'signal'>>,
): Promise<'sent' | 'already_done'> {
  const [claimed] = await queryRows<Claimed>(
    ctx.db,
    sql`UPDATE email_outbox SET attempts = attempts + 1,
        claimed_until = now() + make_interval(secs => ${ctx.claimSeconds})
      WHERE id = ${emailId}::uuid AND status = 'queued' AND (claimed_until IS NULL OR claimed_until <= now())
      RETURNING "to", subject, text, html, headers`,
  );
  if (!claimed) {
    const [row] = await queryRows<{ status: string }>(
      ctx.db,
      sql`SELECT status FROM email_outbox WHERE id = ${emailId}::uuid`,
    );
    if (row?.status !== 'queued') return 'already_done';
    throw new Error('another delivery of this email is in progress');
  }
  try {
    // nodemailer takes no signal: a run stopped by its timeout does not start the send.
    run.signal?.throwIfAborted();
    await ctx.transport.sendMail({
      from: ctx.from,
      to: claimed.to,
      subject: claimed.subject,
      text: claimed.text,
      ...(claimed.html ? { html: claimed.html } : {}),
      ...(claimed.headers
        ? { headers: typeof claimed.headers === 'string' ? JSON.parse(claimed.headers) : claimed.headers }
        : {}),
      // The outbox id: a receiver sees one message however it was sent.
      messageId: `<${emailId}@cartwheel.outbox>`,
    });
  } catch (error) {
    await ctx.db.execute(
      sql`UPDATE email_outbox SET claimed_until = NULL, error = ${errorText(error)},
          status = ${run.lastAttempt ? 'failed' : 'queued'}
        WHERE id = ${emailId}::uuid`,
    );
    throw error;
  }
  await ctx.db.execute(
    sql`UPDATE email_outbox SET status = 'sent', sent_at = now(), claimed_until = NULL, error = NULL
      WHERE id = ${emailId}::uuid`,
  );
  return 'sent';
}

/**
 * Registers the email-deliver job on `jobs` (MAILER=smtp). nodemailer and its connection are made
 * with the first message; `close` releases them (shutdown).
 */
export function registerEmailDelivery(jobs: Jobs, db: Db, config: Config): { close(): Promise<void> } {
  const { smtpUrl, from } = config.mailer;
  if (!smtpUrl) throw new Error('SMTP_URL is required when MAILER=smtp');
  let transport: Promise<Transporter> | undefined;
  const connect = () => {
    transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
    return transport;
  };
  jobs.define<{ emailId: string }>(
    'email-deliver',
    async ({ emailId }, run) => {
      await deliverEmail(
        { db, transport: await connect(), from, claimSeconds: config.jobs.timeoutSeconds },
        emailId,
        run,
      );
    },
    { batchSize: 10 },
  );
  return {
    async close() {
      if (transport) (await transport).close();
    },
  };
}
