import type { SearchSort, StorefrontSearchQuery } from '@cartwheel/shared/contracts/storefront-search';
import { DEFAULT_LANGUAGE } from '@cartwheel/shared/locale';
import { type SQL, sql } from 'drizzle-orm';
import { productCardJson } from '../../catalog/catalog.service.ts';
import { shownCategoriesCte } from '../../catalog/category-tree.service.ts';
import { translatedSql } from '../../translations/translated-sql.ts';
import {
  exactSkuIdsSql,
  groupOptions,
  type TextMatch,
  textArray,
  translatedMatchSql,
  tsQuerySql,
} from './search-sql.ts';

// The catalog page reads `product_facets` (one row per visible product: sort keys, stock and sale
// flags, and `keys`, the ids of its brand, option values and shown categories with their ancestors)
// and `facet_counts` (those keys counted per category), both kept by the triggers of migration 0045
// (docs/decisions/0042-facet-counts-at-scale.md).

type FacetKey = 'category' | 'brand' | 'price' | 'stock' | 'sale' | `option${number}`;

/** The facet_keys ids matching `where` (alias k), one uncorrelated array computed once per statement. */
const keyIds = (where: SQL) => sql`ARRAY(SELECT k.id FROM facet_keys k WHERE ${where})`;

/**
 * A filter of the query: a condition on the product_facets row aliased `f` (`row`), or the facet
 * keys of which a product must carry one (`keys`). A category filter is a category key: a product
 * carries the keys of its shown categories and their ancestors, so one key covers the category's
 * whole shown subtree (docs/decisions/0038-category-tree.md).
 */
type Filter = { row: SQL } | { keys: SQL };

/** The filters of the query, by facet. */
function filters(q: StorefrontSearchQuery): Map<FacetKey, Filter> {
  const flags = new Map<FacetKey, Filter>();
  if (q.category?.length) {
    flags.set('category', {
      keys: keyIds(
        sql`k.category_id IN (SELECT id FROM categories WHERE slug = ANY(${textArray(q.category)}))`,
      ),
    });
  }
  if (q.brand?.length) {
    flags.set('brand', {
      keys: keyIds(sql`k.brand_id IN (SELECT id FROM brands WHERE slug = ANY(${textArray(q.brand)}))`),
    });
  }
  if (q.price_min !== undefined || q.price_max !== undefined) {
    flags.set('price', { row: sql`f.price BETWEEN ${q.price_min ?? 0} AND ${q.price_max ?? 2_147_483_647}` });
  }
  if (q.in_stock) flags.set('stock', { row: sql`f.in_stock` });
  if (q.on_sale) flags.set('sale', { row: sql`f.on_sale` });
  groupOptions(q.option ?? []).forEach(([name, values], i) => {
    flags.set(`option${i}`, {
      keys: keyIds(sql`k.option_name = ${name} AND k.option_value = ANY(${textArray(values)})`),
    });
  });
  return flags;
}

/**
 * A sort's key columns in product_facets' names, each with whether it is descending; `relevance` adds
 * the match's exact-SKU flag and rank (rows of `m`). The product id breaks ties, in the last key's
 * direction.
 */
function sortKeys(sort: SearchSort, relevance: boolean): Array<[column: string, descending: boolean]> {
  switch (sort) {
    case 'newest':
      return [['created_at', true]];
    case 'price_asc':
      return [['price', false]];
    case 'price_desc':
      return [['price', true]];
    case 'relevance':
      return relevance
        ? [
            ['exact_sku', true],
            ['rank', true],
            ['name_key', false],
          ]
        : [['name_key', false]];
    case 'name':
      return [['name_key', false]];
  }
}

/**
 * LIMIT and OFFSET written into the statement, not parameters. Planned with `LIMIT $n` or `OFFSET $n`,
 * PostgreSQL guesses that a tenth of the rows are wanted: a generic plan of the first page would then
 * sort a whole category's rows where the page's own numbers walk an index for 20 of them
 * (docs/decisions/0056-prepared-search.md). The first page's text is the same whatever the search;
 * later pages, each a text of its own, are not prepared (postgres-search.ts).
 */
function pageClause(q: Pick<StorefrontSearchQuery, 'page' | 'limit'>): SQL {
  const offset = (q.page - 1) * q.limit;
  if (![q.limit, offset].every(Number.isSafeInteger) || q.limit < 1 || offset < 0) {
    throw new Error(`not a page: ${q.page} of ${q.limit}`);
  }
  return sql.raw(`LIMIT ${q.limit} OFFSET ${offset}`);
}

/**
 * The page's cards: rows of `from` (aliased `alias`) that pass `where`, in order, paged. The page is
 * cut with ORDER BY ... LIMIT (a top-N sort keeping offset + limit rows, or an index walk), and the
 * cards are put in the same order by the sort keys the page carries (only those: every match passes
 * through the top-N sort).
 */
function itemsJson(
  q: StorefrontSearchQuery,
  from: SQL,
  alias: 'f' | 'm',
  where: SQL,
  sort: SearchSort,
  language: string,
): SQL {
  const keys = sortKeys(sort, alias === 'm');
  const lastDescending = keys[keys.length - 1]?.[1] ?? false;
  const order = (row: string, id: string) =>
    sql.raw(
      [
        ...keys.map(([column, descending]) => `${row}.${column}${descending ? ' DESC' : ''}`),
        `${id}${lastDescending ? ' DESC' : ''}`,
      ].join(', '),
    );
  const carried = keys.map(([column]) => `, ${alias}.${column}`).join('');
  return sql`COALESCE((SELECT json_agg(${productCardJson(language)} ORDER BY ${order('pg', 'pg.id')})
    FROM (SELECT ${sql.raw(`${alias}.product_id AS id${carried}`)} FROM ${from}
      WHERE ${where} ORDER BY ${order(alias, `${alias}.product_id`)} ${pageClause(q)}) pg
    JOIN products p ON p.id = pg.id), '[]'::json)`;
}

/**
 * The facets from `counted` (a query of `key`, `count` with count > 0; `categoryCounts` the same for
 * the category facet) and the price, stock and sale figures given.
 */
function facetsJson(
  q: StorefrontSearchQuery,
  counted: SQL,
  categoryCounts: SQL,
  figures: { price: SQL; inStock: SQL; onSale: SQL },
  language: string,
): SQL {
  const categories = textArray(q.category);
  const brands = textArray(q.brand);
  return sql`json_build_object(
    -- A category counts the products in it or below it, once each; listed in the tree's order.
    'categories', COALESCE((WITH RECURSIVE ${shownCategoriesCte}
      SELECT json_agg(json_build_object('slug', s.slug,
        'name', ${translatedSql(language, 'category', sql`s.id`, 'name', sql`s.name`)},
        'count', COALESCE(n.count, 0), 'selected', s.slug = ANY(${categories})) ORDER BY s.ord)
      FROM shown s LEFT JOIN (SELECT k.category_id, c.count FROM (${categoryCounts}) c
        JOIN facet_keys k ON k.id = c.key WHERE k.category_id IS NOT NULL) n ON n.category_id = s.id
      WHERE n.count > 0 OR s.slug = ANY(${categories})), '[]'::json),
    'brands', COALESCE((SELECT json_agg(json_build_object('slug', b.slug,
        'name', ${translatedSql(language, 'brand', sql`b.id`, 'name', sql`b.name`)},
        'count', COALESCE(n.count, 0), 'selected', b.slug = ANY(${brands})) ORDER BY b.name)
      FROM brands b LEFT JOIN (SELECT k.brand_id, c.count FROM (${counted}) c
        JOIN facet_keys k ON k.id = c.key WHERE k.brand_id IS NOT NULL) n ON n.brand_id = b.id
      WHERE n.count > 0 OR b.slug = ANY(${brands})), '[]'::json),
    -- "Size: M" and "size: m" are one value, shown as the catalog spells it (facet_keys).
    'options', COALESCE((SELECT json_agg(json_build_object('name', o.name, 'values', o.values) ORDER BY o.key)
      FROM (SELECT k.option_name AS key, min(k.name) AS name, json_agg(json_build_object('value', k.label,
          'count', c.count, 'selected', false) ORDER BY k.sort_order, k.option_value) AS values
        FROM (${counted}) c JOIN facet_keys k ON k.id = c.key
        WHERE k.option_name IS NOT NULL GROUP BY k.option_name) o), '[]'::json),
    'price', ${figures.price}, 'in_stock', ${figures.inStock}, 'on_sale', ${figures.onSale}
  )`;
}

/**
 * The catalog page in one statement: the page, the total and every facet. A facet counts with every
 * filter but its own ("disjunctive" facets), so choosing one brand still shows the others' counts.
 * The single row's `body` is the result without `did_you_mean`. Pages without search text whose only
 * filter is one category read their counts from facet_counts; the others count over the matches.
 */
export function searchSql(
  q: StorefrontSearchQuery,
  text: TextMatch | null,
  sort: SearchSort,
  language: string = DEFAULT_LANGUAGE,
): SQL {
  const flags = filters(q);
  const rollup =
    text === null &&
    q.featured === undefined &&
    [...flags.keys()].every((k) => k === 'category') &&
    (q.category?.length ?? 0) <= 1;
  return rollup ? rollupSql(q, sort, language) : matchesSql(q, text, sort, flags, language);
}

/** A page without text, in one category or the whole catalog: counts kept by the database. */
function rollupSql(q: StorefrontSearchQuery, sort: SearchSort, language: string): SQL {
  const slug = q.category?.[0];
  // The category's key (no row: no such shown category, so nothing matches) or 0, the whole catalog.
  const scope = slug
    ? sql`(SELECT k.id FROM facet_keys k JOIN categories c ON c.id = k.category_id WHERE c.slug = ${slug})`
    : sql`0`;
  const inScope = slug ? sql`f.keys @> ARRAY[(SELECT id FROM scope)]` : sql`true`;
  const count = (key: number) => sql`COALESCE((SELECT count FROM counted WHERE key = ${key}), 0)`;
  const bound = (dir: SQL) =>
    sql`(SELECT f.price FROM product_facets f WHERE ${inScope} ORDER BY f.price ${dir} LIMIT 1)`;
  return sql`WITH scope AS MATERIALIZED (SELECT ${scope} AS id),
    counted AS MATERIALIZED (SELECT c.key, c.products AS count FROM facet_counts c
      WHERE c.scope = (SELECT id FROM scope) AND c.products > 0)
    SELECT json_build_object(
      'items', ${itemsJson(q, sql`product_facets f`, 'f', inScope, sort, language)},
      'total', ${count(0)}, 'page', ${q.page}::int, 'limit', ${q.limit}::int,
      'facets', ${facetsJson(
        q,
        sql`SELECT key, count FROM counted`,
        // The category facet counts with every filter but the category: the whole catalog.
        sql`SELECT key, products AS count FROM facet_counts WHERE scope = 0 AND products > 0`,
        {
          price: sql`(SELECT json_build_object('min', ${bound(sql`ASC`)}, 'max', ${bound(sql`DESC`)})
            WHERE ${count(0)} > 0)`,
          inStock: count(-1),
          onSale: count(-2),
        },
        language,
      )}
    ) AS body`;
}

/**
 * A search or a filtered page. The matching rows are read once (`m`), each with a flag per filter on
 * its own columns (price, stock, sale). They are counted in groups of one set of keys and the same
 * flags (`g`): a catalog's products share their brand, categories and option values with many others,
 * and each distinct set is one integer (facet_keysets, migration 0055). A filter on keys (category,
 * brand, option) is then decided once per group, from the set's keys, not once per match. The page
 * takes the matches that pass every filter; the total, the figures and the facets are summed over
 * the groups.
 */
function matchesSql(
  q: StorefrontSearchQuery,
  text: TextMatch | null,
  sort: SearchSort,
  flags: Map<FacetKey, Filter>,
  language: string,
): SQL {
  const where: SQL[] = [];
  if (q.featured !== undefined) where.push(sql`f.is_featured = ${q.featured}`);
  let rank = sql`0::real`;
  let exact = sql`false`;
  let all: SQL | undefined;
  if (text) {
    // The facet row carries the product's search vector (migration 0054): matching, ranking and
    // counting read this one table, through its own GIN index.
    exact = sql`f.product_id = ANY(${exactSkuIdsSql(text.raw)})`;
    // In another language the product's translated name and description match too (in that
    // language's text search configuration, or by trigrams).
    const translated = language === DEFAULT_LANGUAGE ? sql`` : sql` OR ${translatedMatchSql(text, language)}`;
    if (text.groups.length > 0) {
      all = tsQuerySql(text);
      where.push(sql`(f.search_vector @@ ${all} OR ${exact}${translated})`);
      // The shopper's words count twice, every word (corrections too) once. Only the relevance order
      // reads the rank; when no word has a correction the two queries are one, and rank * 2 + rank
      // is rank * 3 exactly (double precision), so each match is ranked once.
      const corrected = text.groups.some((words) => words.length > 1);
      if (sort === 'relevance') {
        rank = corrected
          ? sql`ts_rank(f.search_vector, ${tsQuerySql(text, true)}) * 2 + ts_rank(f.search_vector, ${all})`
          : sql`ts_rank(f.search_vector, ${all}) * 3`;
      }
    } else {
      where.push(sql`(${exact}${translated})`);
    }
  }

  const entries = [...flags.entries()];
  const names = entries.map(([k]) => k);
  const rowFlags = entries.filter(([, f]) => 'row' in f).map(([k]) => k);
  const keyFlags = entries.filter(([, f]) => 'keys' in f).map(([k]) => k);
  const column = (alias: string, k: FacetKey) => sql.raw(`${alias}.f_${k}`);
  const list = (alias: string, keys: FacetKey[]) =>
    sql.join(
      keys.map((k) => sql`, ${column(alias, k)}`),
      sql``,
    );
  /** The flags of `keys` but those `except` names (a facet's own), as one condition on `alias`. */
  const passes = (
    alias: string,
    keys: FacetKey[] = names,
    except: (k: FacetKey) => boolean = () => false,
  ) => {
    const kept = keys.filter((k) => !except(k));
    return kept.length
      ? sql.join(
          kept.map((k) => column(alias, k)),
          sql` AND `,
        )
      : sql`true`;
  };
  const rowFlagColumns = entries.flatMap(([k, f]) =>
    'row' in f ? [sql`, ${f.row} AS f_${sql.raw(k)}`] : [],
  );
  const keyFlagColumns = entries.flatMap(([k, f]) =>
    'keys' in f ? [sql`, s.keys && ${f.keys} AS f_${sql.raw(k)}`] : [],
  );
  // Only the columns the page's order reads, besides those the groups read.
  const sortColumns = sortKeys(sort, true)
    .map(([c]) => c)
    .filter((c) => c === 'created_at' || c === 'name_key')
    .map((c) => `, f.${c}`)
    .join('');

  const optionGroups = groupOptions(q.option ?? []);
  // An option value is counted with every filter but its own option's.
  const optionPasses = optionGroups.length
    ? sql`CASE k.option_name ${sql.join(
        optionGroups.map(
          ([name], i) => sql`WHEN ${name} THEN ${passes('m', names, (k) => k === `option${i}`)}`,
        ),
        sql` `,
      )} ELSE ${passes('m')} END`
    : passes('m');
  // Each group's keys are unnested in the select list (no function scan per group), then summed by
  // key and flags; which filters a key's facet heeds is decided once per such row, from facet_keys.
  const keyRows = sql`SELECT unnest(g.keys) AS key, g.n${list('g', names)} FROM g`;
  const counting = flags.size
    ? sql`SELECT m.key, sum(m.n)::int AS count
      FROM (SELECT u.key, sum(u.n) AS n${list('u', names)} FROM (${keyRows}) u
        GROUP BY u.key${list('u', names)}) m JOIN facet_keys k ON k.id = m.key
      WHERE CASE WHEN k.category_id IS NOT NULL THEN ${passes('m', names, (k) => k === 'category')}
        WHEN k.brand_id IS NOT NULL THEN ${passes('m', names, (k) => k === 'brand')}
        ELSE ${optionPasses} END
      GROUP BY m.key`
    : sql`SELECT u.key, sum(u.n)::int AS count FROM (${keyRows}) u GROUP BY u.key`;
  // The total, the price range and the stock and sale counts, each with every filter but its own.
  const figures = sql`SELECT COALESCE(sum(g.n) FILTER (WHERE ${passes('g')}), 0)::int AS total,
      sum(g.n) FILTER (WHERE ${passes('g', names, (k) => k === 'price')}) AS priced,
      min(g.min_price) FILTER (WHERE ${passes('g', names, (k) => k === 'price')}) AS min_price,
      max(g.max_price) FILTER (WHERE ${passes('g', names, (k) => k === 'price')}) AS max_price,
      COALESCE(sum(g.in_stock) FILTER (WHERE ${passes('g', names, (k) => k === 'stock')}), 0)::int AS in_stock,
      COALESCE(sum(g.on_sale) FILTER (WHERE ${passes('g', names, (k) => k === 'sale')}), 0)::int AS on_sale
    FROM g`;
  // The page: matches passing the filters on their columns, in a group passing the filters on keys.
  const onPage = keyFlags.length
    ? sql`${passes('m', rowFlags)} AND m.keyset IN (SELECT g.keyset FROM g WHERE ${passes('g', keyFlags)})`
    : passes('m', rowFlags);

  const columns = (exactSku: SQL, rankOf: SQL) =>
    sql`f.product_id, f.price, f.keyset, f.in_stock, f.on_sale${sql.raw(sortColumns)},
        ${exactSku} AS exact_sku, ${rankOf} AS rank${sql.join(rowFlagColumns, sql``)}`;
  // A search for one whole word reads the word's postings, one range of their index in the
  // relevance order, with the rank ts_rank gives for that word alone (the same number: ts_rank ranks
  // a query's distinct words). A product whose SKU is the text without the word is added from its
  // facet row, ranked 0 as a product the query does not match.
  const lexeme = q.featured === undefined && all && language === DEFAULT_LANGUAGE ? text?.lexeme : undefined;
  const matches =
    lexeme !== undefined && all
      ? sql`SELECT ${columns(exact, sort === 'relevance' ? sql`f.rank * 3` : rank)}
        FROM search_postings f WHERE f.lexeme = ${lexeme}
        UNION ALL
        SELECT ${columns(sql`true`, sort === 'relevance' ? sql`0::float8` : rank)}
        FROM product_facets f WHERE ${exact} AND NOT f.search_vector @@ ${all}`
      : sql`SELECT ${columns(exact, rank)}
        FROM product_facets f${where.length ? sql` WHERE ${sql.join(where, sql` AND `)}` : sql``}`;

  return sql`WITH m AS MATERIALIZED (${matches}), g AS MATERIALIZED (
      SELECT g.*, s.keys${sql.join(keyFlagColumns, sql``)}
      FROM (SELECT m.keyset${list('m', rowFlags)}, count(*) AS n,
          count(*) FILTER (WHERE m.in_stock) AS in_stock, count(*) FILTER (WHERE m.on_sale) AS on_sale,
          min(m.price) AS min_price, max(m.price) AS max_price
        FROM m GROUP BY m.keyset${list('m', rowFlags)}) g JOIN facet_keysets s ON s.id = g.keyset
    ), counted AS MATERIALIZED (${counting}), figures AS MATERIALIZED (${figures})
    SELECT json_build_object(
      'items', ${itemsJson(q, sql`m`, 'm', onPage, sort, language)},
      'total', (SELECT total FROM figures),
      'page', ${q.page}::int, 'limit', ${q.limit}::int,
      'facets', ${facetsJson(
        q,
        sql`SELECT key, count FROM counted`,
        sql`SELECT key, count FROM counted`,
        {
          price: sql`(SELECT json_build_object('min', min_price, 'max', max_price) FROM figures WHERE priced > 0)`,
          inStock: sql`(SELECT in_stock FROM figures)`,
          onSale: sql`(SELECT on_sale FROM figures)`,
        },
        language,
      )}
    ) AS body`;
}
