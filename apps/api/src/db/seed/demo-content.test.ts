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
import { SEED_HOOK_TIMEOUT } from './seed-test-helpers.ts';

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
