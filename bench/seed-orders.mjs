#!/usr/bin/env node
// Seeds synthetic orders with set-based SQL (generate_series), for the dashboard and order lists on a
// big database: `count` orders spread evenly over the last `days` days (newest first in numbering
// order: order_number grows with created_at), each with 1-3 lines of bench catalog variants
// (bench/seed-catalog.mjs must have run). Expects a migrated database; adds to what is there.
//
//   node bench/seed-orders.mjs --url postgres://postgres@127.0.0.1:5544/bench [--orders 100000] [--days 365]
//
// Statuses (by order number modulo 100): 68% delivered, 15% shipped, 10% processing (all paid), 5%
// cancelled unpaid, 2% cancelled and refunded. The 20 newest orders are pending checkouts whose
// reservation runs for two more hours (older pending orders would be swept, and their stock restored,
// by every running server during the measurement). Guest orders (no customer_id), one address each.
// Stock is not taken for these orders: they are history, not reservations. The triggers of decisions
// 0015 and 0032 keep the dashboard's sums (orders.lines_*, order_sales_daily) and the analytics
// rollups (order_product_sales, buyer_first_orders, and from them order_category_sales and
// product_sales_bounds) as for any other order. Ends with VACUUM
// (ANALYZE) of the order tables and VACUUM FULL of the sums, as a shop's long-settled history would be.

import { runSeedCli } from './seed-cli.mjs';

/**
 * @param {import('postgres').Sql} sql
 * @param {{ orders?: number, days?: number, log?: (msg: string) => void }} [options]
 */
export async function seedOrders(sql, { orders = 100_000, days = 365, log = () => {} } = {}) {
  if (!Number.isInteger(orders) || orders < 1) throw new Error(`bad order count: ${orders}`);
  const started = Date.now();
  const counts = await sql.begin(async (tx) => {
    await tx`
      create temporary table bench_variants on commit drop as
      select row_number() over (order by v.sku) as rn, v.id, v.product_id, v.sku, v.price, v.cost_price,
        p.name as product_name, split_part(v.sku, '-', 3) as size
      from product_variants v join products p on p.id = v.product_id
      where p.slug ~ '^bench-product-[0-9]+$'`;
    const [{ n: variantCount }] = await tx`select count(*)::int as n from bench_variants`;
    if (variantCount === 0)
      throw new Error('no bench variants: seed the catalog first (bench/seed-catalog.mjs)');

    log(`orders: ${orders} over ${days} days`);
    // i = 1 is the newest. One row per order with its status, then its lines, then the orders with
    // the totals of their lines.
    await tx`
      create temporary table bench_orders on commit drop as
      select i, gen_random_uuid() as id,
        now() - (${days}::float8 * (i - 1) / ${orders}::float8) * interval '1 day' - interval '1 minute' as created_at,
        case
          when i <= 20 then 'pending'
          when i % 100 < 5 then 'cancelled'
          when i % 100 < 7 then 'refunded'
          when i % 100 < 17 then 'processing'
          when i % 100 < 32 then 'shipped'
          else 'delivered'
        end as kind
      from generate_series(1, ${orders}::int) i`;
    await tx`
      create temporary table bench_lines on commit drop as
      select o.id as order_id, o.kind, o.created_at, v.*, 1 + (o.i + k) % 3 as quantity
      from bench_orders o
      cross join lateral generate_series(0, o.i % 3) k
      join bench_variants v on v.rn = 1 + (o.i * 7919 + k * 104729) % ${variantCount}::int`;

    await tx`
      insert into orders (
        id, status, payment_status, payment_method, fulfillment_status, shipping_method,
        subtotal_amount, shipping_amount, tax_amount, total_amount, currency,
        customer_email, customer_first_name, customer_last_name, shipping_address, payment_provider,
        expires_at, paid_at, cancelled_at, created_at, updated_at
      )
      select o.id,
        (case o.kind when 'refunded' then 'cancelled' else o.kind end)::order_status,
        (case o.kind when 'pending' then 'unpaid' when 'cancelled' then 'unpaid' when 'refunded' then 'refunded'
          else 'paid' end)::payment_status,
        case when o.kind in ('pending', 'cancelled') then null else 'card' end,
        (case when o.kind in ('shipped', 'delivered') then 'fulfilled' else 'unfulfilled' end)::fulfillment_status,
        'Standard',
        t.subtotal, 500, 0, t.subtotal + 500, 'USD',
        'customer-' || (o.i % 5000) || '@example.com', 'Customer', (o.i % 5000)::text,
        jsonb_build_object('first_name', 'Customer', 'last_name', (o.i % 5000)::text,
          'address_line_1', o.i || ' Bench Street', 'address_line_2', null, 'city', 'Loopback',
          'state_province', null, 'postal_code', lpad((o.i % 100000)::text, 5, '0'), 'country', 'US'),
        'local',
        case when o.kind = 'pending' then now() + interval '2 hours' end,
        case when o.kind in ('processing', 'shipped', 'delivered', 'refunded') then o.created_at + interval '1 minute' end,
        case when o.kind in ('cancelled', 'refunded') then o.created_at + interval '2 hours' end,
        o.created_at, o.created_at
      from bench_orders o
      join (select order_id, sum(price * quantity)::int as subtotal from bench_lines group by order_id) t
        on t.order_id = o.id
      order by o.created_at`;
    await tx`
      insert into order_items (
        order_id, product_id, variant_id, product_name, variant_title, product_sku, quantity,
        price_per_item, cost_per_item, total_amount, fulfilled_quantity, refunded_quantity, created_at
      )
      select order_id, product_id, id, product_name, size, sku, quantity, price, cost_price, price * quantity,
        case when kind in ('shipped', 'delivered') then quantity else 0 end,
        case when kind = 'refunded' then quantity else 0 end,
        created_at
      from bench_lines`;
    const [counts] = await tx`
      select (select count(*)::int from bench_orders) as orders, (select count(*)::int from bench_lines) as lines`;
    log(`seeded ${counts.orders} orders, ${counts.lines} lines in ${Date.now() - started} ms`);
    return counts;
  });
  // A shop's order history is long settled and vacuumed (all-visible pages, which index-only scans
  // such as the dashboard's count of pending orders rely on). Freshly bulk-loaded rows are not until
  // autovacuum gets to them, at a moment of its choosing: vacuum now, so every run measures the same.
  await sql`vacuum (analyze) orders, order_items`;
  // The dashboard's day sums (decision 0015) took one update per order above, hundreds of thousands
  // of row versions of a few thousand rows in one transaction; a shop writes them over a year, with
  // autovacuum and page pruning in between, and keeps the table a few pages long. Compact it so, and
  // the analytics rollups (decision 0032: a row lock or update per order of each buyer) alike.
  await sql`vacuum (full, analyze) order_sales_daily, order_product_sales, buyer_first_orders, order_category_sales, product_sales_bounds`;
  // VACUUM FULL leaves the visibility map empty; a plain VACUUM sets it, so index-only scans of the
  // rollups read no table page, as on a settled shop.
  await sql`vacuum order_product_sales, product_sales_bounds`;
  log(`vacuumed the orders, their lines and the rollups (${Date.now() - started} ms in all)`);
  return counts;
}

await runSeedCli(import.meta.url, 'seed-orders', { orders: 100_000, days: 365 }, seedOrders);
