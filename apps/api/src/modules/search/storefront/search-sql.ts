import { type SQL, sql } from 'drizzle-orm';
import { likeContains } from '../../../lib/like.ts';
import { searchTokens } from './search-text.ts';

/**
 * A search's words as the database matches them: every group must match, any word of a group may
 * (the shopper's word first, then the catalog's words it could be a typo of). `prefixLast` lets the
 * last word match as the start of a word ("hood" finds "Hoodie") while the shopper is still typing.
 */
export interface TextMatch {
  /** The whole search text, for the exact SKU match that ranks first. */
  raw: string;
  groups: string[][];
  prefixLast: boolean;
  /**
   * The one lexeme the search is, when it is one word read the same in English and as written, taken
   * whole and uncorrected: its matches are then the word's postings (search_postings, migration 0059).
   */
  lexeme?: string | undefined;
}

/**
 * The tsquery of the groups; `shopperWords` keeps only the words as typed (for ranking). Names are
 * read in English (stemmed: "hoodies" finds "Hoodie") and SKUs as written, so both configs are asked
 * (migration 0057). The words are one parameter, so the statement's text is the same whatever the
 * shopper typed (docs/decisions/0056-prepared-search.md). A scalar subquery, so the query is built once
 * per statement in any plan: in the generic plan of a prepared statement a function of a parameter is
 * not folded while planning, and would be evaluated again for every row it is matched or ranked against.
 */
export function tsQuerySql(text: TextMatch, shopperWords = false): SQL {
  const groups = text.groups.map((words, g) => {
    const prefix = text.prefixLast && g === text.groups.length - 1;
    const used = shopperWords ? words.slice(0, 1) : words;
    return used.map((w, i) => (prefix && i === 0 ? `${w}:*` : w));
  });
  return sql`(SELECT cartwheel_search_tsquery(${jsonParam(groups)}))`;
}

/** Ids of the products whose own or a variant's SKU is exactly the text (any case). */
export function exactSkuIdsSql(raw: string): SQL {
  const sku = raw.trim().toLowerCase();
  return sql`ARRAY(SELECT id FROM products WHERE lower(sku) = ${sku}
    UNION SELECT product_id FROM product_variants WHERE lower(sku) = ${sku})`;
}

/** Option filters grouped by the option's name (lower case): values of one option widen, options narrow. */
export function groupOptions(options: Array<{ name: string; value: string }>): Array<[string, string[]]> {
  const groups = new Map<string, string[]>();
  for (const { name, value } of options) {
    const key = name.toLowerCase();
    groups.set(key, [...(groups.get(key) ?? []), value.toLowerCase()]);
  }
  return [...groups.entries()];
}

/**
 * A value as one jsonb parameter, sent as text and cast: postgres.js without drizzle's serializers
 * (bench/catalog-explain.mjs) JSON-encodes a parameter it learns is jsonb itself, and would send the
 * JSON as a JSON string of it.
 */
export function jsonParam(value: unknown): SQL {
  return sql`${JSON.stringify(value)}::text::jsonb`;
}

/**
 * A text[] of the values, as one parameter (a JSON array): the statement's text does not change with
 * how many values there are (drizzle would spread a JS array into a parenthesised list of parameters).
 */
export function textArray(values: string[] | undefined): SQL {
  return sql`ARRAY(SELECT jsonb_array_elements_text(${jsonParam(values ?? [])}))`;
}

/** The text search configuration of each language PostgreSQL has one for; others read as 'simple'. */
const TEXT_SEARCH_CONFIGS: Record<string, string> = { de: 'german', fr: 'french', es: 'spanish' };

/**
 * The products (`productId`, the facet row's by default) whose translated name or description in
 * `language` matches the shopper's words
 * (docs/decisions/0071-content-translations.md): every word, as the start of a word, in the
 * language's text search configuration; or the whole text inside the translated name, literally or
 * by trigram word similarity (typos, and Japanese, which has no configuration and no spaces).
 */
export function translatedMatchSql(
  text: TextMatch,
  language: string,
  productId: SQL = sql`f.product_id`,
): SQL {
  const words = searchTokens(text.raw);
  const config = TEXT_SEARCH_CONFIGS[language] ?? 'simple';
  const raw = text.raw.trim();
  const query = sql`(SELECT to_tsquery(${config}::regconfig, string_agg(quote_literal(w) || ':*', ' & '))
    FROM jsonb_array_elements_text(${jsonParam(words)}) w)`;
  // An uncorrelated array, as the exact SKU match's: computed once, then an index condition on the
  // facet rows beside the search vector's (a BitmapOr), not a subplan run per row.
  return sql`${productId} = ANY(ARRAY(SELECT t.resource_key::uuid FROM translations t
    WHERE t.resource_type = 'product' AND t.language = ${language} AND t.field IN ('name', 'description')
      AND (t.search_vector @@ ${query}
        OR (t.field = 'name' AND (t.value ILIKE ${likeContains(raw)} OR ${raw} <% t.value)))))`;
}
