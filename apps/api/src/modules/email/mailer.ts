import { eq } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { emailOutbox } from './email.schema.ts';

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
   * Records the message and hands it to the provider. Resolves once it is recorded; a delivery that
   * fails later is marked `failed` with the error in the outbox, never thrown at the caller (a
   * password-reset request must answer the same whether or not the mail server is up).
   */
  send(message: EmailMessage): Promise<void>;
  /** Waits for deliveries in flight and releases connections (server shutdown, tests). */
  close?(): Promise<void>;
}

/** The default provider: messages are stored in the database and read in the back office. */
export function createOutboxMailer(db: Db): Mailer {
  return {
    async send(message) {
      await db.insert(emailOutbox).values({ ...message, status: 'sent', sentAt: new Date() });
    },
  };
}

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 2000);

/**
 * SMTP through nodemailer (SMTP_URL, from MAIL_FROM). Each message is stored as `queued`, then
 * delivered in the background and marked `sent` or `failed`: the caller's request never waits on
 * the mail server, so response times say nothing about whether an account exists.
 */
export function createSmtpMailer(config: Config, db: Db): Mailer {
  const { smtpUrl, from } = config.mailer;
  if (!smtpUrl) throw new Error('SMTP_URL is required when MAILER=smtp');
  // nodemailer loads with the first message: a shop on the outbox never pays for it.
  let transport: Promise<Transporter> | undefined;
  const connect = () => {
    transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
    return transport;
  };
  const inFlight = new Set<Promise<void>>();

  async function deliver(id: string, message: EmailMessage): Promise<void> {
    try {
      await (await connect()).sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.headers ? { headers: message.headers } : {}),
      });
      await db.update(emailOutbox).set({ status: 'sent', sentAt: new Date() }).where(eq(emailOutbox.id, id));
    } catch (error) {
      await db
        .update(emailOutbox)
        .set({ status: 'failed', error: errorText(error) })
        .where(eq(emailOutbox.id, id))
        .catch(() => {});
    }
  }

  return {
    async send(message) {
      const [row] = await db
        .insert(emailOutbox)
        .values({ ...message, status: 'queued' })
        .returning({ id: emailOutbox.id });
      const delivery = deliver(row!.id, message);
      inFlight.add(delivery);
      void delivery.finally(() => inFlight.delete(delivery));
    },
    async close() {
      await Promise.all([...inFlight]);
      if (transport) (await transport).close();
    },
  };
}

/** The provider the configuration asks for: `outbox` (default) or `smtp`. */
export function createMailer(config: Config, db: Db): Mailer {
  return config.mailer.provider === 'smtp' ? createSmtpMailer(config, db) : createOutboxMailer(db);
}
