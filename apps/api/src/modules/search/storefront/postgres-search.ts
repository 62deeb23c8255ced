import type {
  SearchSuggestions,
  StorefrontSearchQuery,
  StorefrontSearchResult,
} from '@cartwheel/shared/contracts/storefront-search';
import { DEFAULT_LANGUAGE } from '@cartwheel/shared/locale';
import { sql } from 'drizzle-orm';
import { type Db, queryPrepared, queryRecurring, queryRows } from '../../../db/client.ts';
import type { ReadRouter } from '../../../db/read-replicas.ts';
import { likeContains } from '../../../lib/like.ts';
import { translatedSql } from '../../translations/translated-sql.ts';
import { searchSql } from './facet-sql.ts';
import type { SearchAnswer, SearchProvider } from './search-provider.ts';
import {
  exactSkuIdsSql,
  groupOptions,
  jsonParam,
  type TextMatch,
  textArray,
  translatedMatchSql,
  tsQuerySql,
} from './search-sql.ts';
import { allowedEdits, editDistance, MAX_WORD_LENGTH, searchTokens } from './search-text.ts';

const SUGGESTED_PRODUCTS = 6;
const SUGGESTED_CATEGORIES = 3;
/** Below this trigram similarity a catalog word is not offered as what the shopper meant. */
const MIN_SIMILARITY = 0.15;
/** Corrections tried per word, closest first. */
const CORRECTIONS = 3;

export interface Understood {
  text: TextMatch;
  /** The search with each unknown word replaced by the closest catalog word, when that differs. */
  closest: string | null;
}

/**
 * Reads the shopper's words against the catalog's vocabulary (`search_terms`, migration 0032): a
 * word the catalog never used also matches the catalog's words within one edit (words up to 4
 * letters) or two (longer words), found by trigram similarity and checked by edit distance.
 *
 * The last word matches as the start of a word (the shopper may still be typing) unless it is
 * `whole`: a catalog word that no other catalog word begins with, other than words reduced to the
 * same stem. Matching such a word as a prefix finds exactly the same products, at about twice the
 * index's cost for a word that names thousands of products (docs/decisions/0055-facet-keysets.md).
 * The words beginning with the word or its stem are a range of `search_terms_prefix_idx` (bytewise
 * order, up to the start with its last letter's next character), read once per start (the subquery
 * is kept apart so that each start is an index range).
 *
 * A search that is one such whole word, uncorrected, whose English and written readings are the same
 * single lexeme, carries that lexeme: its matches are the word's postings (search_postings,
 * docs/decisions/0057-search-postings.md).
 */
export async function understand(db: Db, raw: string): Promise<Understood> {
  const tokens = searchTokens(raw);
  if (tokens.length === 0) return { text: { raw, groups: [], prefixLast: true }, closest: null };
  const rows = await queryPrepared<{
    token: string;
    known: boolean;
    whole: boolean;
    stop: boolean;
    near: string[];
    lexeme: string | null;
  }>(
    db,
    sql`SELECT t.token, EXISTS (SELECT 1 FROM search_terms s WHERE s.term = t.token) AS known,
        NOT EXISTS (SELECT 1 FROM unnest(t.forms) b(start),
            LATERAL (SELECT s.term FROM search_terms s
              WHERE s.term ~>=~ b.start AND s.term ~<~ (left(b.start, -1) || chr(ascii(right(b.start, 1)) + 1)) OFFSET 0) w
          WHERE NOT tsvector_to_array(to_tsvector('english', w.term)) <@ t.forms) AS whole,
        numnode(to_tsquery('english', t.token)) = 0 AS stop,
        CASE WHEN numnode(to_tsquery('simple', t.token)) = 1
            AND to_tsquery('english', t.token) = to_tsquery('simple', t.token)
            AND cardinality(tsvector_to_array(to_tsvector('simple', t.token))) = 1
          THEN (tsvector_to_array(to_tsvector('simple', t.token)))[1] END AS lexeme,
        ARRAY(SELECT n.term FROM (SELECT s.term FROM search_terms s
          ORDER BY s.term <-> t.token LIMIT 8) n WHERE similarity(n.term, t.token) >= ${MIN_SIMILARITY}) AS near
      FROM (SELECT u.token, u.ord, u.token || tsvector_to_array(to_tsvector('english', u.token)) AS forms
        FROM jsonb_array_elements_text(${jsonParam(tokens)}) WITH ORDINALITY u(token, ord)) t
      ORDER BY t.ord`,
  );
  const groups: string[][] = [];
  const closest: string[] = [];
  let prefixLast = true;
  let lexeme: string | undefined;
  for (const row of rows) {
    const near = row.known || /^\p{N}+$/u.test(row.token) ? [] : row.near;
    closest.push(near[0] ?? row.token);
    if (row.stop) continue;
    const fixes = near.filter((w) => editDistance(w, row.token) <= allowedEdits(row.token));
    groups.push([row.token, ...fixes.slice(0, CORRECTIONS)]);
    prefixLast = !(row.known && row.whole);
    lexeme = row.lexeme ?? undefined;
  }
  const single =
    groups.length === 1 &&
    groups[0]?.length === 1 &&
    !prefixLast &&
    lexeme !== undefined &&
    [...lexeme].length <= MAX_WORD_LENGTH;
  const suggestion = closest.join(' ');
  return {
    text: { raw, groups, prefixLast, lexeme: single ? lexeme : undefined },
    closest: suggestion !== tokens.join(' ') ? suggestion : null,
  };
}

/**
 * The default search: PostgreSQL full-text search with weights, typo-forgiving through pg_trgm.
 * `reads.read()` runs each search on a caught-up read replica or the primary.
 */
export function postgresSearch(reads: Pick<ReadRouter, 'read'>): SearchProvider {
  async function run(db: Db, query: StorefrontSearchQuery, text: TextMatch | null, language: string) {
    const sort = query.sort ?? (text ? 'relevance' : 'newest');
    // A first page's statement has the same text whatever the words and filters' values (one per
    // combination of filters and sort), so it is prepared once it recurs, and its plan kept; a later
    // page's text carries its offset and is planned on every run (docs/decisions/0056-prepared-search.md).
    const [row] = await (query.page === 1 ? queryRecurring : queryRows)<{
      body: Omit<SearchAnswer, 'did_you_mean'>;
    }>(db, searchSql(query, text, sort, language));
    if (!row) throw new Error('the search query returned no row');
    return row.body;
  }

  async function searchOn(db: Db, query: StorefrontSearchQuery, language: string): Promise<SearchAnswer> {
    const understood = query.search ? await understand(db, query.search) : null;
    const body = await run(db, query, understood?.text ?? null, language);
    let didYouMean: string | null = null;
    // Offered only when nothing matched and the closest words would find something.
    if (body.total === 0 && understood?.closest) {
      const retry = await understand(db, understood.closest);
      const found = await run(db, { ...query, page: 1, limit: 1 }, retry.text, language);
      if (found.total > 0) didYouMean = understood.closest;
    }
    return {
      ...body,
      facets: markSelectedOptions(body.facets, query.option ?? []),
      did_you_mean: didYouMean,
    };
  }

  async function suggestOn(db: Db, raw: string, language: string): Promise<SearchSuggestions> {
    const { text } = await understand(db, raw);
    const exact = sql`p.id = ANY(${exactSkuIdsSql(raw)})`;
    // In another language, translated names match too and the names are shown translated.
    const translated =
      language === DEFAULT_LANGUAGE ? sql`` : sql` OR ${translatedMatchSql(text, language, sql`p.id`)}`;
    const match = text.groups.length
      ? sql`(p.search_vector @@ ${tsQuerySql(text)} OR ${exact}${translated})`
      : sql`(${exact}${translated})`;
    const rank = text.groups.length
      ? sql`ts_rank(p.search_vector, ${tsQuerySql(text, true)}) * 2 + ts_rank(p.search_vector, ${tsQuerySql(text)})`
      : sql`0`;
    const products = await queryRecurring<SearchSuggestions['products'][number]>(
      db,
      sql`SELECT p.id, ${translatedSql(language, 'product', sql`p.id`, 'name', sql`p.name`)} AS name,
          p.slug, p.price, p.sale_price,
          (SELECT i.url FROM product_images i WHERE i.product_id = p.id
            ORDER BY i.is_thumbnail DESC, i.sort_order, i.id LIMIT 1) AS image_url
        FROM products p WHERE p.is_visible AND p.deleted_at IS NULL AND ${match}
        ORDER BY ${exact} DESC, ${rank} DESC, lower(p.name), p.id LIMIT ${sql.raw(String(SUGGESTED_PRODUCTS))}`,
    );
    const words = text.groups.flat();
    const categoryName = translatedSql(language, 'category', sql`c.id`, 'name', sql`c.name`);
    const categories = await queryRecurring<SearchSuggestions['categories'][number]>(
      db,
      sql`SELECT ${categoryName} AS name, c.slug FROM categories c
        WHERE c.is_visible AND (${categoryName} ILIKE ${likeContains(raw.trim())}
          OR EXISTS (SELECT 1 FROM unnest(${textArray(words)}) w WHERE w <% c.name))
        ORDER BY similarity(c.name, ${raw}) DESC, c.sort_order, c.name LIMIT ${sql.raw(String(SUGGESTED_CATEGORIES))}`,
    );
    return { products, categories };
  }

  return {
    search: (query, language = DEFAULT_LANGUAGE) => reads.read((db) => searchOn(db, query, language)),
    suggest: (raw, language = DEFAULT_LANGUAGE) => reads.read((db) => suggestOn(db, raw, language)),
  };
}

/** Marks the chosen option values, adding any the other filters left with no product (count 0). */
function markSelectedOptions(
  facets: StorefrontSearchResult['facets'],
  chosen: Array<{ name: string; value: string }>,
): StorefrontSearchResult['facets'] {
  const groups = groupOptions(chosen);
  const options = facets.options.map((facet) => {
    const wanted = groups.find(([name]) => name === facet.name.toLowerCase())?.[1] ?? [];
    const values = facet.values.map((v) => ({ ...v, selected: wanted.includes(v.value.toLowerCase()) }));
    for (const w of wanted) {
      if (!values.some((v) => v.value.toLowerCase() === w))
        values.push({ value: w, count: 0, selected: true });
    }
    return { ...facet, values };
  });
  return { ...facets, options };
}
