import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { Jobs } from '../jobs/jobs.ts';
import { recordEmail } from './email-delivery.ts';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe on marketing email. */
  headers?: Record<string, string>;
  /** What the email is for (password_reset, order_confirmation...), shown in the back office's outbox. */
  kind: string;
}

/** Sends email. Every provider records each message in the outbox table, so nothing sent is invisible. */
export interface Mailer {
  /**
   * Records the message and has it delivered. Resolves once it is recorded; delivery happens in a job
   * (SMTP), never in the caller's request, and a delivery that keeps failing ends `failed` with the
   * error in the outbox (a password-reset request answers the same whether or not the mail server is up).
   */
  send(message: EmailMessage): Promise<void>;
  /** The same in the caller's transaction: the message exists, and goes out, only if it commits. */
  queue(tx: Db | Tx, message: EmailMessage): Promise<void>;
}

/** The default provider: messages are stored in the database and read in the back office. */
export function createOutboxMailer(db: Db): Mailer {
  const queue = async (tx: Db | Tx, message: EmailMessage) => {
    await recordEmail(tx, message, 'sent');
  };
  return { send: (message) => queue(db, message), queue };
}

/**
 * SMTP (SMTP_URL, from MAIL_FROM): each message is stored as `queued` together with an email-deliver
 * job, in one transaction; a worker delivers it (email-delivery.ts) and marks it `sent` or `failed`.
 */
export function createSmtpMailer(db: Db, jobs: Jobs): Mailer {
  const queue = async (tx: Db | Tx, message: EmailMessage) => {
    const id = await recordEmail(tx, message, 'queued');
    await jobs.enqueue('email-deliver', { emailId: id }, { tx });
  };
  return {
    queue,
    async send(message) {
      await db.transaction((tx) => queue(tx, message));
      jobs.wake('email-deliver');
    },
  };
}

/** The provider the configuration asks for: `outbox` (default) or `smtp`. */
export function createMailer(config: Config, db: Db, jobs: Jobs): Mailer {
  return config.mailer.provider === 'smtp' ? createSmtpMailer(db, jobs) : createOutboxMailer(db);
}
