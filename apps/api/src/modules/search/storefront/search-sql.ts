import type { SearchSort, StorefrontSearchQuery } from '@cartwheel/shared/contracts/storefront-search';
import { type SQL, sql } from 'drizzle-orm';
import { productCardJson } from '../../catalog/catalog.service.ts';
import { shownCategoriesCte, shownSubtreeIdsSql } from '../../catalog/category-tree.service.ts';
import { productStockSql } from '../../catalog/product-shared.ts';

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
}

// Names in English (stemmed: "hoodies" finds "Hoodie") and SKUs as written, so both configs are asked.
const tsWord = (word: string, prefix: boolean) => {
  const text = prefix ? `${word}:*` : word;
  return sql`(to_tsquery('english', ${text}) || to_tsquery('simple', ${text}))`;
};

/** The tsquery of the groups; `shopperWords` keeps only the words as typed (for ranking). */
export function tsQuerySql(text: TextMatch, shopperWords = false): SQL {
  // Parenthesised whole: @@, && and || share one precedence in PostgreSQL.
  return sql`(${sql.join(
    text.groups.map((words, g) => {
      const prefix = text.prefixLast && g === text.groups.length - 1;
      const used = shopperWords ? words.slice(0, 1) : words;
      return sql`(${sql.join(
        used.map((w, i) => tsWord(w, prefix && i === 0)),
        sql` || `,
      )})`;
    }),
    sql` && `,
  )})`;
}

/** Ids of the products whose own or a variant's SKU is exactly the text (any case). */
export function exactSkuIdsSql(raw: string): SQL {
  const sku = raw.trim().toLowerCase();
  return sql`ARRAY(SELECT id FROM products WHERE lower(sku) = ${sku}
    UNION SELECT product_id FROM product_variants WHERE lower(sku) = ${sku})`;
}

/**
 * The products in the shown categories with these slugs or in any category below them (a product in
 * a sub-category is in its parents' listings). The one place a category filter is decided. The
 * subtree's ids are one array computed once per statement (docs/decisions/0038-category-tree.md).
 */
export function inCategoriesSql(productId: SQL, slugs: string[], { many = false } = {}): SQL {
  const ids = shownSubtreeIdsSql(
    sql.join(
      slugs.map((s) => sql`${s}`),
      sql`, `,
    ),
  );
  // Asked of most of the catalog (`many`): the categories' products are read once and hashed.
  if (many) {
    return sql`${productId} IN (SELECT pc.product_id FROM product_categories pc WHERE pc.category_id = ANY(${ids}))`;
  }
  return someRow(sql`SELECT FROM product_categories pc
    WHERE pc.product_id = ${productId} AND pc.category_id = ANY(${ids})`);
}

/**
 * Whether the correlated select finds a row. Not EXISTS: the planner may hash an EXISTS over the
 * whole table (every variant: a second at 100,000 products) where the matches are few and each
 * looks up its own rows by index; a scalar subquery always does the latter.
 */
function someRow(select: SQL): SQL {
  return sql`((SELECT true FROM (${select} LIMIT 1) x) IS NOT NULL)`;
}

const ORDERS: Record<SearchSort, SQL> = {
  relevance: sql`m.exact_sku DESC, m.rank DESC, lower(m.name), m.id`,
  newest: sql`m.created_at DESC, m.id DESC`,
  name: sql`lower(m.name), m.id`,
  price_asc: sql`m.effective_price, m.id`,
  price_desc: sql`m.effective_price DESC, m.id DESC`,
};

type FacetKey = 'category' | 'brand' | 'price' | 'stock' | 'sale' | `option${number}`;

/**
 * The catalog page in one statement: the matching products' sort keys and one flag per filter are
 * read once (`m`); the page, the total and every facet are counted from them. A facet counts with
 * every filter but its own ("disjunctive" facets), so choosing one brand still shows the others'
 * counts. The single row's `body` is the result without `did_you_mean`.
 */
export function searchSql(q: StorefrontSearchQuery, text: TextMatch | null, sort: SearchSort): SQL {
  const where: SQL[] = [sql`p.is_visible`, sql`p.deleted_at IS NULL`];
  if (q.featured !== undefined) where.push(sql`p.is_featured = ${q.featured}`);
  let rank = sql`0::real`;
  let exact = sql`false`;
  if (text) {
    const skuIds = exactSkuIdsSql(text.raw);
    exact = sql`p.id = ANY(${skuIds})`;
    if (text.groups.length > 0) {
      const all = tsQuerySql(text);
      const typed = tsQuerySql(text, true);
      where.push(sql`(p.search_vector @@ ${all} OR ${exact})`);
      rank = sql`ts_rank(p.search_vector, ${typed}) * 2 + ts_rank(p.search_vector, ${all})`;
    } else {
      where.push(exact);
    }
  }

  // Without search text the matches are most of the catalog: the filters, the variants' stock and
  // sale prices are then read in one pass each and the options joined in bulk, where a few matches
  // each look up their own rows by index.
  const broad = text === null;
  const flags = new Map<FacetKey, SQL>();
  if (q.category?.length) flags.set('category', inCategoriesSql(sql`p.id`, q.category, { many: broad }));
  if (q.brand?.length) {
    flags.set(
      'brand',
      sql`p.brand_id IN (SELECT id FROM brands WHERE slug IN (${sql.join(
        q.brand.map((s) => sql`${s}`),
        sql`, `,
      )}))`,
    );
  }
  if (q.price_min !== undefined || q.price_max !== undefined) {
    flags.set(
      'price',
      sql`p.effective_price BETWEEN ${q.price_min ?? 0} AND ${q.price_max ?? 2_147_483_647}`,
    );
  }
  const inStock = broad
    ? sql`LEAST(COALESCE(vs.stock, p.inventory_level), 2147483647) > 0`
    : sql`${productStockSql} > 0`;
  const onSale = broad
    ? sql`(p.effective_price < p.price OR COALESCE(vs.on_sale, false))`
    : sql`(p.effective_price < p.price OR ${someRow(sql`SELECT FROM product_variants sv
    WHERE sv.product_id = p.id AND sv.sale_price > 0 AND sv.sale_price < sv.price`)})`;
  const variantSums = broad
    ? sql` LEFT JOIN (SELECT product_id, sum(inventory_level) AS stock,
        bool_or(sale_price > 0 AND sale_price < price) AS on_sale
        FROM product_variants GROUP BY product_id) vs ON vs.product_id = p.id`
    : sql``;
  // OFFSET 0 keeps a lateral a per-match index lookup (never a hash of the whole table).
  const categoryRows = broad
    ? sql`JOIN product_categories pc ON pc.product_id = m.id`
    : sql`CROSS JOIN LATERAL (SELECT category_id FROM product_categories pc
        WHERE pc.product_id = m.id OFFSET 0) pc`;
  const optionRows = broad
    ? sql`JOIN (SELECT o.product_id, o.name, ov.label, ov.sort_order FROM product_options o
        JOIN product_option_values ov ON ov.option_id = o.id) x ON x.product_id = m.id`
    : sql`CROSS JOIN LATERAL (SELECT o.name, ov.label, ov.sort_order FROM product_options o
        JOIN product_option_values ov ON ov.option_id = o.id WHERE o.product_id = m.id OFFSET 0) x`;
  if (q.in_stock) flags.set('stock', inStock);
  if (q.on_sale) flags.set('sale', onSale);
  const optionGroups = groupOptions(q.option ?? []);
  optionGroups.forEach(([name, values], i) => {
    flags.set(
      `option${i}`,
      someRow(sql`SELECT FROM product_options o
      JOIN product_option_values v ON v.option_id = o.id
      WHERE o.product_id = p.id AND lower(o.name) = ${name}
        AND lower(v.label) IN (${sql.join(
          values.map((v) => sql`${v}`),
          sql`, `,
        )})`),
    );
  });

  const flagColumns = [...flags.entries()].map(
    ([key, predicate]) => sql`, ${predicate} AS f_${sql.raw(key)}`,
  );
  /** Every filter but `except` (a facet's own), as a condition on `m`. */
  const passes = (except?: FacetKey | ((k: FacetKey) => boolean)) => {
    const keys = [...flags.keys()].filter((k) => (typeof except === 'function' ? !except(k) : k !== except));
    return keys.length
      ? sql.join(
          keys.map((k) => sql`m.f_${sql.raw(k)}`),
          sql` AND `,
        )
      : sql`true`;
  };
  const offset = (q.page - 1) * q.limit;
  const order = ORDERS[sort];

  // The option facet: a value is counted with every filter but its own option's.
  const optionPasses = optionGroups.length
    ? sql`CASE lower(x.name) ${sql.join(
        optionGroups.map(([name], i) => sql`WHEN ${name} THEN ${passes((k) => k === `option${i}`)}`),
        sql` `,
      )} ELSE ${passes()} END`
    : passes();

  const categories = textArray(q.category);
  const brands = textArray(q.brand);
  return sql`WITH m AS MATERIALIZED (
      SELECT p.id, p.brand_id, p.effective_price, p.created_at, p.name, ${exact} AS exact_sku, ${rank} AS rank,
        ${inStock} AS in_stock, ${onSale} AS on_sale${sql.join(flagColumns, sql``)}
      FROM products p${variantSums} WHERE ${sql.join(where, sql` AND `)}
    )
    SELECT json_build_object(
      'items', COALESCE((SELECT json_agg(${productCardJson} ORDER BY pg.ord)
        FROM (SELECT m.id, row_number() OVER (ORDER BY ${order}) AS ord FROM m WHERE ${passes()}
          ORDER BY ${order} LIMIT ${q.limit} OFFSET ${offset}) pg
        JOIN products p ON p.id = pg.id), '[]'::json),
      'total', (SELECT count(*)::int FROM m WHERE ${passes()}),
      'page', ${q.page}::int, 'limit', ${q.limit}::int,
      'facets', json_build_object(
        -- A category counts the products in it or below it, once each; listed in the tree's order.
        'categories', COALESCE((WITH RECURSIVE ${shownCategoriesCte}
          SELECT json_agg(json_build_object('slug', s.slug, 'name', s.name,
            'count', COALESCE(n.count, 0), 'selected', s.slug = ANY(${categories})) ORDER BY s.ord)
          FROM shown s LEFT JOIN (
            SELECT up.id AS category_id, count(DISTINCT m.id)::int AS count FROM m ${categoryRows}
            JOIN shown d ON d.id = pc.category_id CROSS JOIN LATERAL unnest(d.path) AS up(id)
            WHERE ${passes('category')} GROUP BY up.id) n ON n.category_id = s.id
          WHERE n.count > 0 OR s.slug = ANY(${categories})), '[]'::json),
        'brands', COALESCE((SELECT json_agg(json_build_object('slug', b.slug, 'name', b.name,
            'count', COALESCE(n.count, 0), 'selected', b.slug = ANY(${brands})) ORDER BY b.name)
          FROM brands b LEFT JOIN (
            SELECT m.brand_id, count(*)::int AS count FROM m WHERE ${passes('brand')} GROUP BY m.brand_id
          ) n ON n.brand_id = b.id
          WHERE n.count > 0 OR b.slug = ANY(${brands})), '[]'::json),
        'options', COALESCE((SELECT json_agg(json_build_object('name', f.name, 'values', f.values) ORDER BY lower(f.name))
          FROM (SELECT min(v.name) AS name, json_agg(json_build_object('value', v.label, 'count', v.count,
              'selected', false) ORDER BY v.sort_order, lower(v.label)) AS values
            FROM (SELECT lower(x.name) AS key, min(x.name) AS name, min(x.label) AS label,
                min(x.sort_order) AS sort_order, count(DISTINCT m.id)::int AS count
              FROM m ${optionRows}
              WHERE ${optionPasses}
              GROUP BY lower(x.name), lower(x.label)) v
            GROUP BY v.key) f), '[]'::json),
        'price', (SELECT json_build_object('min', min(m.effective_price), 'max', max(m.effective_price))
          FROM m WHERE ${passes('price')} HAVING count(*) > 0),
        'in_stock', (SELECT count(*)::int FROM m WHERE ${passes('stock')} AND m.in_stock),
        'on_sale', (SELECT count(*)::int FROM m WHERE ${passes('sale')} AND m.on_sale)
      )
    ) AS body`;
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

/** A text[] literal of parameters (drizzle would spread a JS array into a parenthesised list). */
export function textArray(values: string[] | undefined): SQL {
  return values?.length
    ? sql`ARRAY[${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )}]::text[]`
    : sql`ARRAY[]::text[]`;
}
