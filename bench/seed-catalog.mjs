#!/usr/bin/env node
// Seeds a synthetic benchmark catalog straight into the database with set-based SQL (generate_series),
// so 100,000 products take seconds, not minutes. Expects a migrated database; adds to what is there.
//
//   node bench/seed-catalog.mjs --url postgres://postgres@127.0.0.1:5544/bench [--products 200] [--variants 3]
//
// Per product: a brand (of 20), 1-2 of 8 categories, 2 images (one thumbnail), one "Size" option with
// <variants> values, and one variant per value linked through variant_option_values. Every 10th
// product is featured, every 5th is on sale, every 50th is hidden. created_at steps back one minute per
// product so "newest" is a stable order. effective_price is a generated column and never written.
// Names come from a small vocabulary ("Cozy Wool Sweater 123"), so a search matches a realistic part
// of the catalog instead of every product. The search triggers are off while the rows go in and each
// product's search text and facet row are written once at the end (the triggers would rewrite them
// after every table).

import { runSeedCli } from './seed-cli.mjs';

export const BENCH_CATEGORIES = [
  'Electronics',
  'Clothing',
  'Home & Kitchen',
  'Books',
  'Sports & Outdoors',
  'Toys & Games',
  'Beauty',
  'Garden',
];
/** A bench category's slug, as the seed below writes it ("Home & Kitchen" -> bench-home-kitchen). */
export const benchCategorySlug = (name) => `bench-${name.toLowerCase().replace(/[^a-z]+/g, '-')}`;
const BRAND_COUNT = 20;
/** Name words: 16 x 12 x 40 combinations, so a noun matches 1 product in 40 and a material and a noun 1 in 480. */
export const NAME_WORDS = {
  adjectives: [
    'Classic',
    'Cozy',
    'Rugged',
    'Slim',
    'Vintage',
    'Modern',
    'Compact',
    'Deluxe',
    'Everyday',
    'Premium',
    'Lightweight',
    'Organic',
    'Waterproof',
    'Handmade',
    'Essential',
    'Urban',
  ],
  materials: [
    'Wool',
    'Cotton',
    'Leather',
    'Bamboo',
    'Steel',
    'Ceramic',
    'Linen',
    'Denim',
    'Oak',
    'Canvas',
    'Silk',
    'Copper',
  ],
  nouns: [
    'Sweater',
    'Jacket',
    'Mug',
    'Backpack',
    'Lamp',
    'Notebook',
    'Kettle',
    'Blanket',
    'Scarf',
    'Boots',
    'Watch',
    'Headphones',
    'Speaker',
    'Chair',
    'Table',
    'Bottle',
    'Wallet',
    'Belt',
    'Hat',
    'Gloves',
    'Socks',
    'Shirt',
    'Dress',
    'Skillet',
    'Teapot',
    'Vase',
    'Candle',
    'Pillow',
    'Towel',
    'Umbrella',
    'Sunglasses',
    'Bracelet',
    'Planter',
    'Knife',
    'Apron',
    'Sneakers',
    'Hoodie',
    'Tote',
    'Journal',
    'Clock',
  ],
};
/**
 * The search triggers of migration 0032, the facet triggers of 0045 and the category sales trigger of
 * 0039 that a bulk insert would run once per table it fills.
 */
const SEARCH_TRIGGERS = [
  ['products', 'products_search_row'],
  ['products', 'products_search_terms_insert'],
  ['product_variants', 'product_variants_search_insert'],
  ['product_categories', 'product_categories_search_insert'],
  ['products', 'products_facets_insert'],
  ['product_categories', 'product_categories_facets_insert'],
  ['product_options', 'product_options_facets_insert'],
  ['product_option_values', 'product_option_values_facets_insert'],
  ['product_variants', 'product_variants_facets_insert'],
  // Moves a product's sales history to the categories it joins, under an advisory lock per product:
  // new products have no sales, and 100,000 locks in one transaction exhaust the lock table.
  ['product_categories', 'product_categories_sales_insert'],
];
const SIZE_LABELS = ['S', 'M', 'L', 'XL', 'XXL', '3XL', '4XL', '5XL'];

/**
 * Inserts the catalog with `sql` (a postgres.js client). Returns the row counts it added.
 * @param {import('postgres').Sql} sql
 * @param {{ products?: number, variants?: number, log?: (msg: string) => void }} [options]
 */
export async function seedCatalog(sql, { products = 200, variants = 3, log = () => {} } = {}) {
  if (!Number.isInteger(products) || products < 1) throw new Error(`bad product count: ${products}`);
  if (!Number.isInteger(variants) || variants < 1 || variants > SIZE_LABELS.length) {
    throw new Error(`variants must be 1..${SIZE_LABELS.length}`);
  }
  const sizes = SIZE_LABELS.slice(0, variants);
  const started = Date.now();

  return sql.begin(async (tx) => {
    // Numbering continues after any earlier bench rows, so the script can be run twice.
    const [{ offset }] = await tx`
      select coalesce(max(split_part(slug, '-', 3)::int), 0) as offset
      from products where slug ~ '^bench-product-[0-9]+$'`;

    await tx`
      insert into brands (name, slug)
      select 'Bench Brand ' || i, 'bench-brand-' || i from generate_series(1, ${BRAND_COUNT}::int) i
      on conflict do nothing`;
    await tx`
      insert into categories (name, slug, sort_order)
      select name, slug, ord::int
      from unnest(${BENCH_CATEGORIES}::text[], ${BENCH_CATEGORIES.map(benchCategorySlug)}::text[])
        with ordinality as c(name, slug, ord)
      on conflict do nothing`;

    // Off inside this transaction only (ALTER TABLE locks the tables until it commits).
    for (const [table, trigger] of SEARCH_TRIGGERS)
      await tx.unsafe(`alter table ${table} disable trigger ${trigger}`);

    log(`products: ${products}`);
    await tx`
      with b as (
        select array_agg(id order by slug) as ids from brands where slug like 'bench-brand-%'
      )
      insert into products (
        name, sku, slug, description, price, cost_price, sale_price, inventory_level, weight,
        is_visible, is_featured, condition, type, brand_id, created_at, updated_at
      )
      select
        w.adjectives[1 + i % 16] || ' ' || w.materials[1 + (i / 16) % 12] || ' ' || w.nouns[1 + (i * 7 + i / 192) % 40] || ' ' || i,
        'BENCH-' || lpad(i::text, 7, '0'),
        'bench-product-' || i,
        'A synthetic product for load tests. Number ' || i || ' of the benchmark catalog, with a '
          || 'description long enough to look like real copy on a product page.',
        price,
        price / 2,
        case when i % 5 = 0 then price * 8 / 10 end,
        i % 250,
        0.1 + (i % 40) / 10.0,
        i % 50 <> 0,
        i % 10 = 0,
        (case when i % 7 = 0 then 'Refurbished' when i % 11 = 0 then 'Used' else 'New' end)::product_condition,
        (case when i % 13 = 0 then 'digital' else 'physical' end)::product_type,
        b.ids[1 + i % array_length(b.ids, 1)],
        now() - make_interval(mins => i),
        now() - make_interval(mins => i)
      from b, (select ${NAME_WORDS.adjectives}::text[] as adjectives, ${NAME_WORDS.materials}::text[] as materials,
          ${NAME_WORDS.nouns}::text[] as nouns) w,
        generate_series(${offset + 1}::int, ${offset + products}::int) i,
        lateral (select 499 + (i * 7919) % 50000 as price) p`;

    // The new rows, with their number, for the child tables.
    await tx`
      create temporary table bench_new on commit drop as
      select id, sku, price, name, description, split_part(slug, '-', 3)::int as n
      from products
      where slug ~ '^bench-product-[0-9]+$' and split_part(slug, '-', 3)::int > ${offset}`;

    log('categories, images');
    await tx`
      with c as (
        select array_agg(id order by sort_order) as ids from categories where slug like 'bench-%'
      )
      insert into product_categories (product_id, category_id)
      select distinct p.id, c.ids[1 + (p.n + k * 3) % array_length(c.ids, 1)]
      from bench_new p, c, generate_series(0, case when p.n % 3 = 0 then 1 else 0 end) k`;
    await tx`
      insert into product_images (product_id, url, alt_text, is_thumbnail, sort_order)
      select p.id, '/placeholder.svg?bench=' || p.n || '-' || k, 'Bench product ' || p.n, k = 0, k
      from bench_new p, generate_series(0, 1) k`;

    log(`options and ${variants} variants per product`);
    await tx`
      insert into product_options (product_id, name, display_name, type, sort_order)
      select id, 'size', 'Size', 'select', 0 from bench_new`;
    await tx`
      insert into product_option_values (option_id, label, value, price_adjustment, sort_order)
      select o.id, s.label, lower(s.label), (s.ord::int - 1) * 100, s.ord::int - 1
      from product_options o
      join bench_new p on p.id = o.product_id
      cross join unnest(${sizes}::text[]) with ordinality as s(label, ord)
      where o.name = 'size'`;
    await tx`
      create temporary table bench_values on commit drop as
      select v.id as value_id, v.value, v.price_adjustment, p.id as product_id, p.sku, p.price, p.n
      from product_option_values v
      join product_options o on o.id = v.option_id
      join bench_new p on p.id = o.product_id`;
    await tx`
      insert into product_variants (product_id, sku, price, cost_price, inventory_level)
      select product_id, sku || '-' || upper(value), price + price_adjustment, price / 2, (n + length(value)) % 100
      from bench_values`;
    await tx`
      insert into variant_option_values (variant_id, option_value_id)
      select pv.id, bv.value_id
      from bench_values bv
      join product_variants pv on pv.sku = bv.sku || '-' || upper(bv.value)`;

    log('search text');
    for (const [table, trigger] of SEARCH_TRIGGERS)
      await tx.unsafe(`alter table ${table} enable trigger ${trigger}`);
    await tx`
      update products p set search_vector = cartwheel_product_search_vector(p.id, p.name, p.sku, p.description, p.brand_id)
      from bench_new n where n.id = p.id`;
    await tx`select cartwheel_add_search_terms(array(select name || ' ' || description from bench_new))`;
    // The planner's figures for the tables just filled (still those of empty tables inside this
    // transaction): without them the facet rows' statement at 100,000 products ran for over 30 minutes.
    await tx`analyze products, product_variants, product_options, product_option_values, product_categories, categories, facet_keys, brands`;
    log('facet rows');
    await tx`select cartwheel_refresh_product_facets(array(select id from bench_new))`;

    const [counts] = await tx`
      select
        (select count(*)::int from bench_new) as products,
        (select count(*)::int from bench_values) as variants`;
    log(`seeded ${counts.products} products, ${counts.variants} variants in ${Date.now() - started} ms`);
    return counts;
  });
}

/**
 * Picks `count` visible bench products and gives the first variant of each (by SKU) `stock` units, for
 * the cart and checkout flows (every seeded product has variants, so a cart line needs its variant_id).
 * Returns one line per product: { product_id, variant_id, sku, stock }.
 * @param {import('postgres').Sql} sql
 * @param {{ count: number, stock?: number }} options
 */
export async function stockUpVariants(sql, { count, stock = 1_000_000 }) {
  if (!Number.isInteger(count) || count < 1) throw new Error(`bad line count: ${count}`);
  return sql`
    with picked as (
      select p.id as product_id, v.id as variant_id
      from products p
      cross join lateral (
        select id from product_variants where product_id = p.id order by sku limit 1
      ) v
      where p.slug ~ '^bench-product-[0-9]+$' and p.is_visible and p.deleted_at is null
      order by split_part(p.slug, '-', 3)::int
      limit ${count}
    )
    update product_variants pv set inventory_level = ${stock}
    from picked
    where pv.id = picked.variant_id
    returning picked.product_id, pv.id as variant_id, pv.sku, pv.inventory_level as stock`;
}

await runSeedCli(import.meta.url, 'seed-catalog', { products: 200, variants: 3 }, seedCatalog);
