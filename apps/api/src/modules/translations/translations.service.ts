import { createHash } from 'node:crypto';
import {
  TRANSLATABLE_FIELDS,
  type TranslateViewType,
  type TranslationType,
  type TranslationView,
} from '@cartwheel/shared/contracts/translations';
import { LANGUAGES } from '@cartwheel/shared/locale';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import { likeContains } from '../../lib/like.ts';
import { loadHomeContent } from '../content/site-settings.ts';
import { loadMarkets } from '../markets/market-cache.ts';
import { SITE_KEY, translationKey } from './translated-sql.ts';

/** One translatable resource as written in English: its fields by name, and a label to show. */
export interface Original {
  type: TranslationType;
  key: string;
  label: string;
  fields: Record<string, string>;
}

/**
 * Which originals to read: all of a type, some keys, the options (and values) of one product, or
 * the first `limit` whose label contains a text.
 */
type Scope = { keys: string[] } | { product: string } | { search: string; limit: number } | 'all';

// Each table's rows as (key, label, fields, product): the English columns by their field names.
const SOURCES: Record<Exclude<TranslationType, 'site'>, SQL> = {
  product: sql`SELECT p.id::text AS key, p.name AS label, p.id AS product, jsonb_build_object('name', p.name,
    'description', p.description, 'seo_title', p.seo_title, 'seo_description', p.seo_description) AS fields
    FROM products p WHERE p.deleted_at IS NULL`,
  option: sql`SELECT o.id::text AS key, o.display_name AS label, o.product_id AS product,
    jsonb_build_object('name', o.display_name) AS fields FROM product_options o`,
  option_value: sql`SELECT v.id::text AS key, o.display_name || ': ' || v.label AS label, o.product_id AS product,
    jsonb_build_object('label', v.label) AS fields
    FROM product_option_values v JOIN product_options o ON o.id = v.option_id`,
  category: sql`SELECT c.id::text AS key, c.name AS label, NULL::uuid AS product,
    jsonb_build_object('name', c.name) AS fields FROM categories c`,
  brand: sql`SELECT b.id::text AS key, b.name AS label, NULL::uuid AS product,
    jsonb_build_object('name', b.name) AS fields FROM brands b`,
  page: sql`SELECT g.id::text AS key, g.title AS label, NULL::uuid AS product, jsonb_build_object('title', g.title,
    'body', g.body, 'seo_title', g.seo_title, 'seo_description', g.seo_description) AS fields FROM content_pages g`,
  shipping_method: sql`SELECT m.id::text AS key, m.name || ' (' || z.name || ')' AS label, NULL::uuid AS product,
    jsonb_build_object('name', m.name, 'delivery_estimate', COALESCE(m.delivery_estimate, '')) AS fields
    FROM shipping_methods m JOIN shipping_zones z ON z.id = m.zone_id`,
};

/** The originals of one type in a scope, in a stable order. */
export async function readOriginals(db: Db | Tx, type: TranslationType, scope: Scope): Promise<Original[]> {
  if (type === 'site') {
    if (scope !== 'all' && 'product' in scope) return [];
    if (scope !== 'all' && 'keys' in scope && !scope.keys.includes(SITE_KEY)) return [];
    const { hero, announcement } = await loadHomeContent(db);
    const fields = {
      hero_title: hero.title,
      hero_subtitle: hero.subtitle,
      hero_primary_label: hero.primary_button.label,
      hero_secondary_label: hero.secondary_button.label,
      announcement: announcement.text,
    };
    return [{ type, key: SITE_KEY, label: 'Home page', fields }];
  }
  let where = sql`true`;
  if (scope !== 'all') {
    if ('keys' in scope) where = sql`s.key = ANY(${textArray(scope.keys)})`;
    else if ('product' in scope) where = sql`s.product::text = ${scope.product}`;
    else where = sql`s.label ILIKE ${likeContains(scope.search)}`;
  }
  const limit = scope !== 'all' && 'limit' in scope ? sql`LIMIT ${scope.limit}` : sql``;
  const rows = await queryRows<{ key: string; label: string; fields: Record<string, string> }>(
    db,
    sql`SELECT s.key, s.label, s.fields FROM (${SOURCES[type]}) s WHERE ${where} ORDER BY s.label, s.key ${limit}`,
  );
  return rows.map((r) => ({ type, ...r }));
}

/** The md5 of an original: a translation remembers the one it was made from. */
export const digestOf = (text: string) => createHash('md5').update(text).digest('hex');

/** The languages the shop translates into: its markets' languages besides English, else all the storefront speaks. */
export async function shopLanguages(db: Db | Tx): Promise<string[]> {
  const supported = LANGUAGES.filter((l) => l !== 'en') as string[];
  const { markets } = await loadMarkets(db);
  const used = supported.filter((l) => markets.some((m) => m.isActive && m.languages.includes(l)));
  return used.length ? used : supported;
}

interface StoredTranslation {
  resource_type: string;
  resource_key: string;
  field: string;
  value: string;
  original_digest: string;
}

async function storedFor(
  db: Db | Tx,
  language: string,
  originals: Original[],
): Promise<Map<string, StoredTranslation>> {
  if (originals.length === 0) return new Map();
  const pairs = originals.map((o) => `${o.type}|${o.key}`);
  const rows = await queryRows<StoredTranslation>(
    db,
    sql`SELECT resource_type, resource_key, field, value, original_digest FROM translations
      WHERE language = ${language}
        AND resource_type || '|' || resource_key = ANY(${textArray(pairs)})`,
  );
  return new Map(rows.map((r) => [translationKey(r.resource_type, r.resource_key, r.field), r]));
}

/** The originals a Translate view edits: the resource, and for a product its options and values. */
export async function viewOriginals(db: Db | Tx, type: TranslateViewType, key: string): Promise<Original[]> {
  const own = await readOriginals(db, type, { keys: [key] });
  if (own.length === 0)
    throw notFound('translatable_not_found', `No ${type.replace('_', ' ')} with key ${key}`);
  if (type !== 'product') return own;
  return [
    ...own,
    ...(await readOriginals(db, 'option', { product: key })),
    ...(await readOriginals(db, 'option_value', { product: key })),
  ];
}

/** A Translate view: every field's original beside its translation in `language`, outdated ones flagged. */
export async function getTranslationView(
  db: Db | Tx,
  type: TranslateViewType,
  key: string,
  language: string,
): Promise<TranslationView> {
  const originals = await viewOriginals(db, type, key);
  const stored = await storedFor(db, language, originals);
  return {
    language,
    languages: await shopLanguages(db),
    groups: originals.map((o) => ({
      type: o.type,
      key: o.key,
      label: o.label,
      fields: TRANSLATABLE_FIELDS[o.type].map((field) => {
        const original = o.fields[field] ?? '';
        const row = stored.get(translationKey(o.type, o.key, field));
        return {
          type: o.type,
          key: o.key,
          field,
          original,
          translation: row?.value ?? null,
          outdated: row !== undefined && row.original_digest !== digestOf(original),
        };
      }),
    })),
  };
}

/** One field to write: an empty value removes the translation. `original` is what it was translated from. */
export interface TranslationWrite {
  type: TranslationType;
  key: string;
  field: string;
  language: string;
  value: string;
  /** The English text the translator saw (a CSV's column); the current original when absent. */
  original?: string | undefined;
}

/**
 * Checks every write against the originals (known type, field, key and language) and returns the
 * problems by position, or writes them all in one transaction.
 */
export async function saveTranslations(
  db: Db | Tx,
  writes: TranslationWrite[],
  /** The number of the first write's row in what the user sent (a CSV's first row after its header is 2). */
  firstRow = 1,
): Promise<{ written: number; removed: number }> {
  const languages = new Set(LANGUAGES.filter((l) => l !== 'en') as string[]);
  const problems: Array<{ row: number; message: string }> = [];
  const originals = new Map<string, Original>();
  const types = [...new Set(writes.map((w) => w.type))].filter((t) => Object.hasOwn(TRANSLATABLE_FIELDS, t));
  for (const type of types) {
    const keys = [...new Set(writes.filter((w) => w.type === type).map((w) => w.key))];
    for (const o of await readOriginals(db, type, { keys })) originals.set(`${o.type}|${o.key}`, o);
  }
  writes.forEach((w, i) => {
    const fields: readonly string[] | undefined = Object.hasOwn(TRANSLATABLE_FIELDS, w.type)
      ? TRANSLATABLE_FIELDS[w.type]
      : undefined;
    if (!fields) problems.push({ row: i + firstRow, message: `unknown type "${w.type}"` });
    else if (!fields.includes(w.field))
      problems.push({
        row: i + firstRow,
        message: `unknown field "${w.field}" for ${w.type} (${fields.join(', ')})`,
      });
    else if (!originals.has(`${w.type}|${w.key}`))
      problems.push({ row: i + firstRow, message: `unknown ${w.type} key "${w.key}"` });
    if (!languages.has(w.language))
      problems.push({
        row: i + firstRow,
        message: `unknown locale "${w.language}" (${[...languages].join(', ')})`,
      });
  });
  if (problems.length) {
    throw invalid(
      'invalid_translations',
      `${problems.length} row(s) cannot be saved: nothing was written`,
      problems,
    );
  }
  const rows = writes.map((w) => ({
    resource_type: w.type,
    resource_key: w.key,
    field: w.field,
    language: w.language,
    value: w.value,
    original_digest: digestOf(w.original ?? originals.get(`${w.type}|${w.key}`)?.fields[w.field] ?? ''),
  }));
  const kept = rows.filter((r) => r.value.trim() !== '');
  const gone = rows.filter((r) => r.value.trim() === '');
  // One statement each for the writes and the removals, whatever the number of rows.
  return db.transaction(async (tx) => {
    const removed = gone.length
      ? await queryRows(
          tx,
          sql`DELETE FROM translations t USING jsonb_to_recordset(${jsonParam(gone)})
              AS g(resource_type text, resource_key text, language text, field text)
            WHERE (t.resource_type, t.resource_key, t.language, t.field)
              = (g.resource_type, g.resource_key, g.language, g.field) RETURNING 1`,
        )
      : [];
    if (kept.length) {
      await tx.execute(sql`INSERT INTO translations (resource_type, resource_key, field, language, value, original_digest)
        SELECT DISTINCT ON (resource_type, resource_key, language, field) * FROM jsonb_to_recordset(${jsonParam(kept)})
          AS r(resource_type text, resource_key text, field text, language text, value text, original_digest text)
        ON CONFLICT (resource_type, resource_key, language, field) DO UPDATE
        SET value = EXCLUDED.value, original_digest = EXCLUDED.original_digest, updated_at = now()`);
    }
    return { written: kept.length, removed: removed.length };
  });
}

/** A value as one jsonb parameter (sent as text and cast). */
function jsonParam(value: unknown): SQL {
  return sql`${JSON.stringify(value)}::text::jsonb`;
}

/** A text[] of the values, as one parameter. */
function textArray(values: string[]): SQL {
  return sql`ARRAY(SELECT jsonb_array_elements_text(${jsonParam(values)}))`;
}
