import type { Product } from '@cartwheel/shared/contracts/catalog';
import type { TranslationView } from '@cartwheel/shared/contracts/translations';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAs } from '../../../test/sessions.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { ensureShippingZones } from '../../modules/shipping/default-zones.ts';
import { queryRows } from '../client.ts';
import { seedDemoShippingTranslations } from './demo-content.ts';
import { seedDemoShop } from './demo-shop.ts';
import { DEMO_TRANSLATIONS } from './demo-translations/index.ts';
import { rows, SEED_HOOK_TIMEOUT } from './seed-test-helpers.ts';

let ctx: TestContext;
const german = DEMO_TRANSLATIONS.de;

beforeAll(async () => {
  ctx = await createTestApp();
  await seedDemoShop(ctx.db, { now: new Date('2026-09-01T09:00:00Z') });
  await ensureShippingZones(ctx.db, ctx.config.checkout, 'demo');
  await seedDemoShippingTranslations(ctx.db);
}, SEED_HOOK_TIMEOUT);
afterAll(async () => ctx?.close());

describe('the demo seed writes the demo translations', () => {
  it('shows the demo products, hero and shipping methods in German, current with their originals', async () => {
    const [tee] = await queryRows<{ id: string; slug: string }>(
      ctx.db,
      sql`SELECT id, slug FROM products WHERE sku = 'HL-TEE-001'`,
    );
    const product = (await ctx.app.inject({ url: `/api/products/${tee!.slug}?locale=de` })).json() as Product;
    expect(product.name).toBe(german.products['HL-TEE-001']!.name);
    expect(product.options.find((o) => o.name.toLowerCase() === 'color')?.display_name).toBe(
      german.options.Color,
    );

    const site = (await ctx.app.inject({ url: '/api/storefront/site?locale=de' })).json() as {
      hero: { title: string };
    };
    expect(site.hero.title).toBe(german.hero.title);

    const methods = await queryRows<{ value: string }>(
      ctx.db,
      sql`SELECT t.value FROM translations t JOIN shipping_methods m ON m.id::text = t.resource_key
        WHERE t.resource_type = 'shipping_method' AND t.field = 'delivery_estimate' AND t.language = 'de' AND m.name = 'Express'`,
    );
    expect(methods.map((m) => m.value)).toContain(german.shippingMethods.Express!.deliveryEstimate);

    const { cookie } = await signUpAs(ctx.app, ctx.db, 'manager');
    const view = (
      await ctx.app.inject({
        url: `/api/admin/translations/product/${tee!.id}?language=de`,
        headers: { cookie },
      })
    ).json() as TranslationView;
    const fields = view.groups.flatMap((g) => g.fields).filter((f) => f.translation !== null);
    expect(fields.length).toBeGreaterThan(1);
    expect(fields.filter((f) => f.outdated)).toEqual([]);
  });
});

describe('the demo seed sets where returns go', () => {
  it('answers a return address, so a demo return can be approved and labelled', async () => {
    const admin = await signUpAs(ctx.app, ctx.db, 'admin');
    const res = await ctx.app.inject({
      url: '/api/admin/settings/returns',
      headers: { cookie: admin.cookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ window_days: 30, address: { city: 'Oakland', country: 'US' } });
  });
});

describe('the demo stock locations', () => {
  it('keeps stock in the warehouse and a Brooklyn shop stocked by a received transfer; totals are their sum', async () => {
    const places = await rows<{ p: string }>(
      ctx.db,
      sql`SELECT name || ' ' || kind || ' ' || is_default AS p FROM stock_locations ORDER BY is_default DESC, name`,
    );
    expect(places.map((r) => r.p)).toEqual(['Main warehouse warehouse true', 'Brooklyn shop shop false']);
    const [state] = await rows<{ received: number; at_shop: number; off: number }>(
      ctx.db,
      sql`SELECT (SELECT count(*)::int FROM stock_transfers WHERE status = 'received') AS received,
        (SELECT sum(l.on_hand)::int FROM stock_levels l JOIN stock_locations s ON s.id = l.location_id
          WHERE NOT s.is_default) AS at_shop,
        (SELECT count(*)::int FROM product_variants v WHERE v.inventory_level <>
          (SELECT coalesce(sum(l.on_hand), 0) FROM stock_levels l WHERE l.variant_id = v.id)) AS off`,
    );
    expect(state).toEqual({ received: 1, at_shop: 12, off: 0 });
  });
});

// The demo reviews, on the same seeded shop (a seed costs seconds: one per file is enough).
describe('the demo reviews', () => {
  it('reviews most visible products, not all glowing, some with replies and a few waiting', async () => {
    const [figures] = await rows<{
      products: number;
      reviewed: number;
      low: number;
      replies: number;
      pending: number;
      future: number;
    }>(
      ctx.db,
      sql`select
          (select count(*)::int from products where is_visible and deleted_at is null) as products,
          (select count(distinct r.product_id)::int from product_reviews r join products p on p.id = r.product_id
            where r.status = 'published' and p.is_visible and p.deleted_at is null) as reviewed,
          (select count(*)::int from product_reviews where rating <= 3) as low,
          (select count(*)::int from product_reviews where reply is not null) as replies,
          (select count(*)::int from product_reviews where status = 'pending') as pending,
          (select count(*)::int from product_reviews where published_at > '2026-09-01T09:00:00Z') as future`,
    );
    expect(figures!.reviewed * 2).toBeGreaterThan(figures!.products);
    expect(figures!.low).toBeGreaterThanOrEqual(10);
    expect(figures!.replies).toBeGreaterThanOrEqual(3);
    expect(figures!.pending).toBeGreaterThanOrEqual(1);
    expect(figures!.future).toBe(0);
  });

  it("marks a review Verified buyer only when its order is the reviewer's delivered, paid order of the product", async () => {
    const [counts] = await rows<{ verified: number; backed: number }>(
      ctx.db,
      sql`select count(*) filter (where r.verified)::int as verified,
          count(*) filter (where r.verified and exists (select 1 from orders o
            join order_items i on i.order_id = o.id and i.product_id = r.product_id
            where o.id = r.order_id and lower(o.customer_email) = r.email and o.status = 'delivered'
              and o.payment_status in ('paid', 'partially_refunded')))::int as backed
        from product_reviews r`,
    );
    expect(counts!.verified).toBeGreaterThan(10);
    expect(counts!.backed).toBe(counts!.verified);
  });
});
