import type { TranslationType } from '@cartwheel/shared/contracts/translations';
import { DEFAULT_LANGUAGE, localeOfPrefix } from '@cartwheel/shared/locale';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';

/** The language a storefront read answers in: its locale's (`?locale=de-at` is German), else English. */
export function readLanguage(locale: string | undefined): string {
  return (locale ? localeOfPrefix(locale)?.language : undefined) ?? DEFAULT_LANGUAGE;
}

/**
 * `original` (an English column) in `language`: its translation when there is one, else the
 * original, field by field. A subquery on the translations' primary key inside the read's own
 * statement; in English the SQL is the original column alone, so English reads are unchanged.
 */
export function translatedSql(
  language: string,
  type: TranslationType,
  key: SQL,
  field: string,
  original: SQL,
): SQL {
  if (language === DEFAULT_LANGUAGE) return original;
  return sql`COALESCE((SELECT t.value FROM translations t WHERE t.resource_type = ${type}
    AND t.resource_key = (${key})::text AND t.language = ${language} AND t.field = ${field}), ${original})`;
}

/** The key of the site's texts: the home page's hero and announcement. */
export const SITE_KEY = 'home';

/** A translation's place in a map: `type|key|field`. */
export const translationKey = (type: string, key: string, field: string) => `${type}|${key}|${field}`;

/** Every translation of these types in `language`, by translationKey (for answers assembled in code). */
export async function loadTranslations(
  db: Db,
  language: string,
  types: TranslationType[],
): Promise<Map<string, string>> {
  if (language === DEFAULT_LANGUAGE) return new Map();
  const rows = await queryRows<{ resource_type: string; resource_key: string; field: string; value: string }>(
    db,
    sql`SELECT resource_type, resource_key, field, value FROM translations
      WHERE language = ${language} AND resource_type = ANY(${`{${types.join(',')}}`}::text[])`,
  );
  return new Map(rows.map((r) => [translationKey(r.resource_type, r.resource_key, r.field), r.value]));
}
