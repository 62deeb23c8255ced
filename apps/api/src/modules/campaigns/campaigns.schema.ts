import type { CampaignBlock, SegmentFilters } from '@cartwheel/shared/contracts/campaigns';
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';

/** A saved set of customer filters (migration 0076, decision 0092). */
export const segments = pgTable('segments', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  filters: jsonb('filters').$type<SegmentFilters>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An email to a segment, written as blocks; draft until sent, then sending and sent. */
export const campaigns = pgTable(
  'campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    subject: text('subject').notNull(),
    segmentId: uuid('segment_id').references(() => segments.id, { onDelete: 'set null' }),
    blocks: jsonb('blocks').$type<CampaignBlock[]>().notNull().default([]),
    status: text('status').notNull().default('draft'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('campaigns_status_check', sql`${t.status} IN ('draft', 'sending', 'sent')`)],
);

/** One row per address a campaign goes to; the unique key keeps it to one message under retries. */
export const campaignRecipients = pgTable(
  'campaign_recipients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    firstName: text('first_name').notNull().default(''),
    status: text('status').notNull().default('queued'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }),
    clickedAt: timestamp('clicked_at', { withTimezone: true }),
  },
  (t) => [
    unique('campaign_recipients_unique').on(t.campaignId, t.email),
    index('campaign_recipients_queued_idx').on(t.campaignId).where(sql`${t.status} = 'queued'`),
    index('campaign_recipients_email_idx').on(t.email),
    check('campaign_recipients_status_check', sql`${t.status} IN ('queued', 'sent', 'skipped')`),
  ],
);
