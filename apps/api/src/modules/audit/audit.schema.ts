import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * What staff, API keys and the system did that matters (docs/decisions/0076-audit-log.md): who, with
 * a snapshot of their email and role, from where, which action on which target, and the fields it
 * changed as `{ field: [before, after] }` (secrets never). Append-only: a trigger refuses UPDATE and
 * DELETE (db/triggers/audit_log.sql). No foreign keys: a row outlives the accounts it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email'),
    actorRole: text('actor_role'),
    actorKind: text('actor_kind', { enum: ['user', 'api_key', 'system'] })
      .notNull()
      .default('user'),
    actorApiKeyId: uuid('actor_api_key_id'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: text('target_id'),
    targetLabel: text('target_label'),
    changes: jsonb('changes').notNull().default({}),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at.desc()),
    index('audit_log_actor_idx').on(t.actorId, t.at.desc()),
    index('audit_log_action_idx').on(t.action, t.at.desc()),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.at.desc()),
    check('audit_log_actor_kind_check', sql`${t.actorKind} IN ('user', 'api_key', 'system')`),
  ],
);
