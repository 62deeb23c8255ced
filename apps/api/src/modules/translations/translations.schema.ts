import { sql } from 'drizzle-orm';
import { check, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One translated field of one resource in one language (migration 0068). `resource_key` is the
 * resource's id as text (`home` for the site's texts); `original_digest` is the md5 of the English
 * text it was translated from. The generated `search_vector` (the value in its language's text
 * search configuration) is left out here: only SQL reads it.
 */
export const translations = pgTable(
  'translations',
  {
    resourceType: text('resource_type').notNull(),
    resourceKey: text('resource_key').notNull(),
    field: text('field').notNull(),
    language: text('language').notNull(),
    value: text('value').notNull(),
    originalDigest: text('original_digest').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.resourceType, t.resourceKey, t.language, t.field] }),
    check('translations_language_check', sql`${t.language} ~ '^[a-z]{2,3}$' AND ${t.language} <> 'en'`),
  ],
);
