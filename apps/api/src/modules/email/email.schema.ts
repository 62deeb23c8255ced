import { index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const emailStatusEnum = pgEnum('email_status', ['queued', 'sent', 'failed']);

/** Every email the shop sends. With the `outbox` mailer this table is the mailbox admins read. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** Extra message headers (List-Unsubscribe on marketing email). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    kind: text('kind').notNull(),
    status: emailStatusEnum('status').notNull().default('queued'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Delivery runs that claimed the row (email/email-delivery.ts). */
    attempts: integer('attempts').notNull().default(0),
    /** A run is delivering it until then; another run waits (no second copy while one may be sending). */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
  },
  (t) => [index('email_outbox_created_idx').on(t.createdAt.desc().nullsFirst())],
);

/** The shop's own subject and intro paragraph per kind of email; null keeps the template's. */
export const emailTemplates = pgTable('email_templates', {
  kind: text('kind').primaryKey(),
  subject: text('subject'),
  intro: text('intro'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
