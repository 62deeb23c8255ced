import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ImageVariant } from '@cartwheel/shared/contracts/catalog';
import { verifyPassword } from 'better-auth/crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-app.ts';
import { DEMO_IMAGES_DIR } from '../../lib/paths.ts';
import { slugify } from '../../lib/slug.ts';
import type { Database, Db } from '../client.ts';
import { seedDemoShop, seedId } from './demo-shop.ts';
import { count, SEED_HOOK_TIMEOUT as HOOK_TIMEOUT, rows, seededDemoShop } from './seed-test-helpers.ts';

// The seeding clock: every demo date is relative to it (this is the demo's base date, so the shopper's
// orders keep their written dates).
const NOW = new Date('2026-09-01T09:00:00Z');
const DAY = 86_400_000;

const productSnapshot = sql`
  select id, sku, slug, price, sale_price, created_at from products order by sku`;

// Every table the seed writes, with a fingerprint of its contents.
const TABLES = [
  'users',
  'accounts',
  'profiles',
  'brands',
  'categories',
  'products',
  'product_categories',
  'product_images',
  'product_options',
  'product_option_values',
  'product_variants',
  'variant_option_values',
  'orders',
  'order_items',
  'cart_items',
  'discounts',
  'order_discounts',
  'discount_redemptions',
  'fulfilments',
  'fulfilment_lines',
  'refunds',
  'refund_lines',
];
async function fingerprint(db: Db): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of TABLES) {
    const [row] = await rows<{ n: number; digest: string | null }>(
      db,
      sql.raw(
        `select count(*)::int as n, md5(string_agg(t::text, '|' order by t::text)) as digest from ${table} t`,
      ),
    );
    out[table] = `${row?.n}:${row?.digest}`;
  }
  return out;
}

describe('seedDemoShop', () => {
  const shop = seededDemoShop(NOW);

  it('seeds an empty database and says so', () => {
    expect(shop.seeded).toEqual({ seeded: true });
  });

  it('sells in five markets, each currency but the base one with a rate', async () => {
    const markets = await rows<{ m: string }>(
      shop.db,
      sql`select m.handle || ' ' || m.currency || ' ' || array_to_string(m.languages, '+') || ' ' || (r.rate is not null)
        as m from markets m left join exchange_rates r on r.currency = m.currency order by m.position`,
    );
    const expected = 'us USD en false|ca CAD en+fr true|uk GBP en true|eu EUR de+fr+es true|jp JPY ja true';
    expect(markets.map((r) => r.m).join('|')).toBe(expected);
  });

  it('fills the catalogue with at least 40 products in 6 visible categories from 5 brands', async () => {
    expect(await count(shop.db, sql`select count(*) as n from products`)).toBeGreaterThanOrEqual(40);
    expect(
      await count(shop.db, sql`select count(*) as n from categories where is_visible`),
    ).toBeGreaterThanOrEqual(6);
    expect(await count(shop.db, sql`select count(*) as n from brands`)).toBeGreaterThanOrEqual(5);
    expect(
      await count(
        shop.db,
        sql`select count(*) as n from categories where slug !~ '^[a-z0-9]+(-[a-z0-9]+)*$'`,
      ),
    ).toBe(0);
    expect(await count(shop.db, sql`select count(distinct sort_order) as n from categories`)).toBe(
      await count(shop.db, sql`select count(*) as n from categories`),
    );
  });

  it('puts every product in one to three categories, with a slug derived from its name', async () => {
    const products = await rows<{ name: string; slug: string; n: number }>(
      shop.db,
      sql`select p.name, p.slug, count(pc.category_id)::int as n
          from products p left join product_categories pc on pc.product_id = p.id group by p.id`,
    );
    for (const p of products) {
      expect(p.n, p.name).toBeGreaterThanOrEqual(1);
      expect(p.n, p.name).toBeLessThanOrEqual(3);
      const expected = slugify(p.name);
      expect(p.slug).toBe(expected);
    }
  });

  it('has the mix of products the demo needs: sales, featured, out of stock, drafts and one deleted', async () => {
    const live = sql`deleted_at is null`;
    expect(
      await count(shop.db, sql`select count(*) as n from products where ${live} and sale_price < price`),
    ).toBeGreaterThanOrEqual(6);
    expect(
      await count(
        shop.db,
        sql`select count(*) as n from products where ${live} and is_featured and is_visible`,
      ),
    ).toBeGreaterThanOrEqual(6);
    expect(
      await count(shop.db, sql`select count(*) as n from products where ${live} and inventory_level = 0`),
    ).toBeGreaterThanOrEqual(3);
    expect(
      await count(shop.db, sql`select count(*) as n from products where ${live} and not is_visible`),
    ).toBeGreaterThanOrEqual(3);
    expect(await count(shop.db, sql`select count(*) as n from products where deleted_at is not null`)).toBe(
      1,
    );
    expect(
      await count(
        shop.db,
        sql`select count(*) as n from products
            where ${live} and inventory_level > 0 and inventory_level < inventory_warning_level`,
      ),
    ).toBeGreaterThanOrEqual(2);
  });

  it('leaves a few cost prices empty and includes digital, used and refurbished goods', async () => {
    const missingCost = await count(
      shop.db,
      sql`select count(*) as n from products where cost_price is null`,
    );
    const total = await count(shop.db, sql`select count(*) as n from products`);
    expect(missingCost).toBeGreaterThan(0);
    expect(missingCost).toBeLessThan(total / 2);
    expect(
      await count(shop.db, sql`select count(*) as n from products where type = 'digital'`),
    ).toBeGreaterThanOrEqual(2);
    expect(
      await count(shop.db, sql`select count(*) as n from products where condition <> 'New'`),
    ).toBeGreaterThanOrEqual(2);
    expect(
      await count(
        shop.db,
        sql`select count(*) as n from products where type = 'physical' and weight is null`,
      ),
    ).toBe(0);
  });

  it('gives at least 6 products options and variants, including one on sale', async () => {
    expect(
      await count(
        shop.db,
        sql`select count(*) as n from products p
            where exists (select 1 from product_options o where o.product_id = p.id)
              and exists (select 1 from product_variants v where v.product_id = p.id)`,
      ),
    ).toBeGreaterThanOrEqual(6);
    expect(
      await count(
        shop.db,
        sql`select count(distinct v.product_id) as n from product_variants v
            join products p on p.id = v.product_id where p.sale_price < p.price`,
      ),
    ).toBeGreaterThanOrEqual(1);
    expect(
      await count(shop.db, sql`select count(*) as n from product_options where type = 'color'`),
    ).toBeGreaterThanOrEqual(1);
    expect(
      await count(
        shop.db,
        sql`select count(*) as n from product_option_values v join product_options o on o.id = v.option_id
            where o.type = 'color' and v.value !~ '^#[0-9a-f]{6}$'`,
      ),
    ).toBe(0);
    expect(
      await count(shop.db, sql`select count(*) as n from product_variants where inventory_level = 0`),
    ).toBeGreaterThan(0);
  });

  it('links every variant to exactly one value of each of its product options', async () => {
    const bad = await rows(
      shop.db,
      sql`select v.sku, o.name, count(vov.option_value_id)::int as n
          from product_variants v
          join product_options o on o.product_id = v.product_id
          left join product_option_values ov on ov.option_id = o.id
          left join variant_option_values vov on vov.option_value_id = ov.id and vov.variant_id = v.id
          group by v.sku, o.name
          having count(vov.option_value_id) <> 1`,
    );
    expect(bad).toEqual([]);
    // No link points at another product's option value.
    expect(
      await count(
        shop.db,
        sql`select count(*) as n from variant_option_values vov
            join product_variants v on v.id = vov.variant_id
            join product_option_values ov on ov.id = vov.option_value_id
            join product_options o on o.id = ov.option_id
            where o.product_id <> v.product_id`,
      ),
    ).toBe(0);
  });

  it('prices each variant at the base price plus its adjustments, with a sku built from the value slugs', async () => {
    const variants = await rows<{ sku: string; price: number; expected: number; product_sku: string }>(
      shop.db,
      sql`select v.sku, v.price, p.sku as product_sku, p.price + sum(ov.price_adjustment)::int as expected
          from product_variants v
          join products p on p.id = v.product_id
          join variant_option_values vov on vov.variant_id = v.id
          join product_option_values ov on ov.id = vov.option_value_id
          group by v.id, p.id`,
    );
    expect(variants.length).toBeGreaterThan(0);
    for (const v of variants) {
      expect(v.price, v.sku).toBe(Number(v.expected));
      expect(v.sku.startsWith(`${v.product_sku}-`)).toBe(true);
      expect(v.sku.slice(v.product_sku.length + 1)).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
    expect(
      await count(shop.db, sql`select count(*) as n from product_option_values where price_adjustment > 0`),
    ).toBeGreaterThan(0);
  });

  it('gives every product at least one image and exactly one thumbnail', async () => {
    const products = await rows<{ sku: string; images: number; thumbnails: number }>(
      shop.db,
      sql`select p.sku, count(i.id)::int as images, count(i.id) filter (where i.is_thumbnail)::int as thumbnails
          from products p left join product_images i on i.product_id = p.id group by p.id`,
    );
    for (const p of products) {
      expect(p.images, p.sku).toBeGreaterThanOrEqual(1);
      expect(p.images, p.sku).toBeLessThanOrEqual(5);
      expect(p.thumbnails, p.sku).toBe(1);
    }
    expect(products.filter((p) => p.images >= 2).length).toBeGreaterThanOrEqual(5);
  });

  it('points every image at raster renders under public/demo-images: 800 px WebP plus AVIF and WebP by width', async () => {
    const images = await rows<{
      url: string;
      alt_text: string | null;
      width: number;
      variants: ImageVariant[];
    }>(shop.db, sql`select url, alt_text, width, height, variants from product_images`);
    const fileOf = (url: string) => join(DEMO_IMAGES_DIR, url.replace('/demo-images/', ''));
    for (const image of images) {
      expect(image.url).toMatch(/^\/demo-images\/[a-z0-9-]+-800\.webp$/);
      expect(image).toMatchObject({ width: 800, height: 800 });
      expect(image.alt_text).toBeTruthy();
      expect(image.variants.map((v) => v.width)).toEqual([320, 640, 800]);
      for (const url of [image.url, ...image.variants.flatMap((v) => [v.avif, v.webp])]) {
        expect(existsSync(fileOf(url)), url).toBe(true);
        expect(statSync(fileOf(url)).size, url).toBeLessThan(24 * 1024);
      }
    }
  });

  it('creates the four demo accounts with their roles and working demo1234 passwords', async () => {
    const accounts = await rows<{
      email: string;
      role: string;
      name: string;
      email_verified: boolean;
      hash: string;
    }>(
      shop.db,
      sql`select u.email, u.name, u.email_verified, p.role, a.password as hash
          from users u
          join profiles p on p.id = u.id
          join accounts a on a.user_id = u.id and a.provider_id = 'credential' and a.account_id = u.id::text
          order by u.email`,
    );
    expect(accounts.map((a) => [a.email, a.role])).toEqual([
      ['admin@example.com', 'admin'],
      ['manager@example.com', 'manager'],
      ['shopper@example.com', 'customer'],
      ['staff@example.com', 'staff'],
    ]);
    for (const account of accounts) {
      expect(account.email_verified).toBe(true);
      expect(account.name).toMatch(/^\S+ \S+$/);
      expect(await verifyPassword({ hash: account.hash, password: 'demo1234' })).toBe(true);
      expect(await verifyPassword({ hash: account.hash, password: 'demo12345' })).toBe(false);
    }
  });

  it('gives the shopper a history of orders in at least 4 statuses', async () => {
    const orders = await rows<{ status: string; payment_status: string; fulfillment_status: string }>(
      shop.db,
      sql`select o.status, o.payment_status, o.fulfillment_status from orders o
          join users u on u.id = o.customer_id where u.email = 'shopper@example.com'`,
    );
    expect(orders.length).toBeGreaterThanOrEqual(4);
    expect(new Set(orders.map((o) => o.status)).size).toBeGreaterThanOrEqual(4);
    expect(
      await count(shop.db, sql`select count(*) as n from orders where created_at >= ${NOW.toISOString()}`),
    ).toBe(0);
  });

  it('trades for a year before the seeding clock: 30-50 customers, 300-600 orders in every month and status, guests by name', async () => {
    const customers = await count(
      shop.db,
      sql`select count(*) as n from profiles where role = 'customer' and id in (select customer_id from orders)`,
    );
    expect(customers).toBeGreaterThanOrEqual(30);
    expect(customers).toBeLessThanOrEqual(51);
    const total = await count(shop.db, sql`select count(*) as n from orders`);
    expect(total).toBeGreaterThanOrEqual(300);
    expect(total).toBeLessThanOrEqual(600);
    const months = await rows<{ month: string; n: number }>(
      shop.db,
      sql`select to_char(created_at, 'YYYY-MM') as month, count(*)::int as n from orders
          where created_at >= ${new Date(NOW.getTime() - 365 * DAY).toISOString()} group by 1 order by 1`,
    );
    expect(months.length).toBeGreaterThanOrEqual(12);
    expect(months.every((m) => m.n > 0)).toBe(true);
    expect(
      await count(shop.db, sql`select count(*) as n from orders where created_at > ${NOW.toISOString()}`),
    ).toBe(0);
    const statuses = await rows<{ status: string }>(shop.db, sql`select distinct status from orders`);
    expect(statuses.map((r) => r.status).sort()).toEqual(['cancelled', 'delivered', 'processing', 'shipped']);
    expect(
      await count(
        shop.db,
        sql`select count(*) as n from orders where status = 'cancelled' and payment_status = 'refunded'`,
      ),
    ).toBeGreaterThan(0);
    // Guests: no account, but the name and email they gave.
    const guests = await rows<{ email: string | null; first: string | null }>(
      shop.db,
      sql`select customer_email as email, customer_first_name as first from orders where customer_id is null`,
    );
    expect(guests.length).toBeGreaterThan(0);
    expect(guests.every((g) => g.email && g.first)).toBe(true);
    // Returning customers: most bought more than once.
    expect(
      await count(
        shop.db,
        sql`select count(*) as n from (select customer_id from orders where customer_id is not null
            group by customer_id having count(*) > 1) r`,
      ),
    ).toBeGreaterThanOrEqual(20);
    // The last 30 days before the clock have paid orders (the dashboard's default range is not empty).
    expect(
      await count(
        shop.db,
        sql`select count(*) as n from orders where payment_status = 'paid' and created_at >= ${new Date(NOW.getTime() - 30 * DAY).toISOString()}`,
      ),
    ).toBeGreaterThan(10);
  });

  it('makes every order total the sum of its lines, less its discounts, plus shipping and tax', async () => {
    const bad = await rows(
      shop.db,
      sql`select o.order_number, o.total_amount, o.subtotal_amount
          from orders o join order_items i on i.order_id = o.id
          group by o.id
          having o.subtotal_amount <> sum(i.price_per_item * i.quantity)
              or o.discount_amount <> sum(i.discount_amount)
              or o.total_amount <> o.subtotal_amount - o.discount_amount + o.shipping_amount
                + case when o.tax_inclusive then 0 else o.tax_amount end
              or bool_or(i.total_amount <> i.price_per_item * i.quantity - i.discount_amount)`,
    );
    expect(bad).toEqual([]);
    expect(
      await count(shop.db, sql`select count(*) as n from orders where shipping_amount > 0`),
    ).toBeGreaterThan(0);
  });

  it('fills order lines from real products and variants that existed when the order was placed', async () => {
    const lines = await rows<{
      sku: string;
      product_sku: string | null;
      variant_sku: string | null;
      ok: boolean;
    }>(
      shop.db,
      sql`select i.product_sku as sku, p.sku as product_sku, v.sku as variant_sku,
                 p.created_at <= o.created_at as ok,
                 i.variant_title, i.fulfilled_quantity, i.quantity, o.fulfillment_status
          from order_items i join orders o on o.id = i.order_id
          left join products p on p.id = i.product_id
          left join product_variants v on v.id = i.variant_id`,
    );
    for (const line of lines) {
      expect(line.product_sku, line.sku).not.toBeNull();
      expect(line.sku).toBe(line.variant_sku ?? line.product_sku);
      expect(line.ok, line.sku).toBe(true);
    }
    expect(
      await count(
        shop.db,
        sql`select count(*) as n from order_items i join orders o on o.id = i.order_id
            where (o.fulfillment_status = 'fulfilled' and i.fulfilled_quantity <> i.quantity)
               or (o.fulfillment_status = 'unfulfilled' and i.fulfilled_quantity <> 0)
               or (i.variant_id is null) <> (i.variant_title is null)`,
      ),
    ).toBe(0);
  });

  it('does nothing when seeded a second time', async () => {
    const before = await fingerprint(shop.db);
    expect(await seedDemoShop(shop.db, { now: NOW })).toEqual({ seeded: false });
    expect(await fingerprint(shop.db)).toEqual(before);
  });

  it('makes ids that look like version-4 UUIDs and never change', () => {
    expect(seedId('product:HL-TEE-001')).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(seedId('product:HL-TEE-001')).toBe(seedId('product:HL-TEE-001'));
    expect(seedId('product:HL-TEE-001')).not.toBe(seedId('product:HL-TEE-002'));
  });

  describe('on a second fresh database', () => {
    let other: Database;

    beforeAll(async () => {
      other = await openTestDatabase();
    }, HOOK_TIMEOUT);

    afterAll(async () => {
      await other?.close();
    }, HOOK_TIMEOUT);

    it('writes identical rows, apart from the password hashes', async () => {
      expect(await seedDemoShop(other.db, { now: NOW })).toEqual({ seeded: true });
      expect(await rows(other.db, productSnapshot)).toEqual(await rows(shop.db, productSnapshot));
      const a = await fingerprint(shop.db);
      const b = await fingerprint(other.db);
      expect({ ...b, accounts: '' }).toEqual({ ...a, accounts: '' });
      expect(
        await rows(
          other.db,
          sql`select order_number, id, total_amount from orders order by order_number, id`,
        ),
      ).toEqual(
        await rows(shop.db, sql`select order_number, id, total_amount from orders order by order_number, id`),
      );
    });

    it(
      'moves every date with the seeding clock: the same shop, dated a given time later',
      async () => {
        const later = await openTestDatabase();
        try {
          const shift = 86 * DAY + 3_600_000;
          expect(await seedDemoShop(later.db, { now: new Date(NOW.getTime() + shift) })).toEqual({
            seeded: true,
          });
          const dates = sql`select id, extract(epoch from created_at) * 1000 as at from orders order by id`;
          const before = await rows<{ id: string; at: number }>(shop.db, dates);
          const after = await rows<{ id: string; at: number }>(later.db, dates);
          expect(after.map((o) => o.id)).toEqual(before.map((o) => o.id));
          expect(
            after.map((o) => Math.round(Number(o.at) - Number(before.find((b) => b.id === o.id)?.at))),
          ).toEqual(after.map(() => shift));
        } finally {
          await later.close();
        }
      },
      HOOK_TIMEOUT,
    );

    it(
      'does not seed a database that already has a user',
      async () => {
        const third = await openTestDatabase();
        try {
          await third.db.execute(sql`insert into users (email, name) values ('owner@example.com', 'Owner')`);
          expect(await seedDemoShop(third.db)).toEqual({ seeded: false });
          expect(await count(third.db, sql`select count(*) as n from products`)).toBe(0);
        } finally {
          await third.close();
        }
      },
      HOOK_TIMEOUT,
    );
  });
});
