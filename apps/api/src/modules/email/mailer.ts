import type { Db } from '../../db/client.ts';
import { emailOutbox } from './email.schema.ts';

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** What the email is for (password_reset, order_confirmation...), shown in the back office's outbox. */
  kind: string;
}

/** Sends email. Every provider records each message in the outbox table, so nothing sent is invisible. */
export interface Mailer {
  send(message: EmailMessage): Promise<void>;
}

/** The default provider: messages are stored in the database and read in the back office. */
export function createOutboxMailer(db: Db): Mailer {
  return {
    async send(message) {
      await db.insert(emailOutbox).values({ ...message, status: 'sent', sentAt: new Date() });
    },
  };
}
