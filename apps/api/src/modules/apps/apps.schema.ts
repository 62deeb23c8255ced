import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.schema.ts';

/**
 * An API key: `Authorization: Bearer <token>` acts with `role` on the back-office API. Only the
 * SHA-256 of the token is kept (a 256-bit random secret needs no slow hash); `prefix` is the token's
 * start, shown in lists so an admin can tell keys apart. docs/decisions/0029-api-keys-webhooks-and-feeds.md.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    role: text('role', { enum: ['staff', 'manager', 'admin'] }).notNull(),
    prefix: text('prefix').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('api_keys_token_hash_key').on(t.tokenHash),
    check('api_keys_role_check', sql`${t.role} IN ('staff', 'manager', 'admin')`),
  ],
);

/** Where events are sent: an https URL (http on localhost in development) and the events it wants. */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: uuid('id').primaryKey().defaultRandom(),
  url: text('url').notNull(),
  description: text('description').notNull().default(''),
  events: text('events').array().notNull(),
  /** The HMAC key the receiver verifies signatures with; kept in clear because signing needs it. */
  secret: text('secret').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  /** Failed tries in a row; at WEBHOOK_PAUSE_AFTER_FAILURES the endpoint is paused (webhook-delivery.ts). */
  consecutiveFailures: integer('consecutive_failures').notNull().default(0),
  /** Paused by the circuit breaker until then (null: delivering); staff may resume it sooner. */
  pausedUntil: timestamp('paused_until', { withTimezone: true }),
  /** A delivery to it is under way until then (one at a time per endpoint). */
  sendingUntil: timestamp('sending_until', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Something that happened, as sent: `id` is the receiver's idempotency key. */
export const webhookEvents = pgTable('webhook_events', {
  id: uuid('id').primaryKey().defaultRandom(),
  type: text('type').notNull(),
  data: jsonb('data').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One event for one endpoint; each try is a webhook_attempts row. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id')
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['pending', 'succeeded', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt.desc().nullsFirst()),
    index('webhook_deliveries_event_idx').on(t.eventId),
    check('webhook_deliveries_status_check', sql`${t.status} IN ('pending', 'succeeded', 'failed')`),
  ],
);

/** The delivery log: one row per HTTP try (status code or error, how long it took). */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    deliveryId: uuid('delivery_id')
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.attempt)],
);

/**
 * An app: an API key plus the places it draws in the back office (a sidebar link, panels on the
 * order, product and customer pages). `secret` signs the tokens its frames receive (app-token.ts).
 */
export const apps = pgTable(
  'apps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    secret: text('secret').notNull(),
    apiKeyId: uuid('api_key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    sidebarLabel: text('sidebar_label'),
    panels: text('panels').array().notNull().default(sql`'{}'`),
    createdBy: uuid('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('apps_panels_check', sql`${t.panels} <@ ARRAY['order', 'product', 'customer']::text[]`)],
);
