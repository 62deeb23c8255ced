import type { OrderDetail } from '@cartwheel/shared/contracts/orders';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appWithAdminPerFile } from '../../../test/commerce-app.ts';
import { createProduct } from '../../../test/factories.ts';
import { type Method, sendAs } from '../../../test/requests.ts';
import { queryRows } from '../../db/client.ts';
import { localPaymentRefunds, products, refunds, settings } from '../../db/schema.ts';
import { createPaidOrder } from '../orders/test-helpers.ts';

// The tests run in order on one database: the base currency can change only while there are no orders.
const suite = appWithAdminPerFile();

const call = (method: Method, url: string, payload?: unknown) =>
  sendAs(suite.ctx.app, suite.admin.cookie, method, url, payload);

const storedBaseCurrency = async () =>
  (await suite.ctx.db.select().from(settings).where(eq(settings.key, 'base_currency')))[0]?.value;

const zoneBody = {
  name: 'New Zealand',
  countries: ['NZ'],
  states: [],
  methods: [{ name: 'Courier', kind: 'flat', amount_cents: 1250 }],
  tax: null,
};

describe('the base currency', () => {
  it('is USD until a merchant chooses one, and an unknown code is refused with nothing written', async () => {
    expect((await call('GET', '/api/admin/settings')).json()).toMatchObject({ base_currency: 'USD' });
    for (const code of ['XYZ', 'eur', 'EURO', '']) {
      const res = await call('PATCH', '/api/admin/settings', { base_currency: code });
      expect(res.statusCode, code).toBe(400);
      expect(res.body).toContain('ISO 4217');
    }
    expect(await storedBaseCurrency()).toBeUndefined();
  });

  it('changes while the shop has no orders: discounts, rates and the storefront follow it', async () => {
    const product = await createProduct(suite.ctx.db, { price: 2800 });
    const zone = await call('POST', '/api/admin/shipping/zones', zoneBody);
    expect(zone.statusCode, zone.body).toBe(201);
    const res = await call('PATCH', '/api/admin/settings', { base_currency: 'EUR' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ base_currency: 'EUR' });

    const discount = await call('POST', '/api/admin/discounts', {
      title: 'Five off',
      code: 'FIVE',
      kind: 'fixed_amount',
      amount_cents: 500,
    });
    expect(discount.statusCode, discount.body).toBe(201);
    expect(discount.json()).toMatchObject({ amount_cents: 500, currency: 'EUR' });
    const zones = (await call('GET', '/api/admin/shipping/zones')).json();
    const courier = zones.items
      .flatMap((z: { methods: { name: string }[] }) => z.methods)
      .find((m: { name: string }) => m.name === 'Courier');
    expect(courier).toMatchObject({ amount_cents: 1250, currency: 'EUR' });
    const site = await suite.ctx.app.inject({ method: 'GET', url: '/api/storefront/site' });
    expect(site.json()).toMatchObject({ base_currency: 'EUR' });
    // The base market sells in the base currency, so the storefront's prices say euros too.
    const base = site.json().markets.find((m: { is_base: boolean }) => m.is_base);
    expect(base).toMatchObject({ currency: 'EUR' });
    const list = await suite.ctx.app.inject({ method: 'GET', url: '/api/products?limit=1' });
    expect(list.json()).toMatchObject({ currency: 'EUR' });

    // Yen have no minor unit: the prices keep what they read as, €28.00 becomes ¥28.
    expect((await call('PATCH', '/api/admin/settings', { base_currency: 'JPY' })).statusCode).toBe(200);
    const [row] = await suite.ctx.db.select().from(products).where(eq(products.id, product.id));
    expect(row?.price).toBe(28);
    const [given] = await queryRows<{ amount_cents: number; currency: string }>(
      suite.ctx.db,
      sql`SELECT amount_cents, currency FROM discounts WHERE code = 'FIVE'`,
    );
    expect(given).toEqual({ amount_cents: 5, currency: 'JPY' });
    expect((await call('PATCH', '/api/admin/settings', { base_currency: 'EUR' })).statusCode).toBe(200);
    const [back] = await suite.ctx.db.select().from(products).where(eq(products.id, product.id));
    expect(back?.price).toBe(2800);
  });

  it('is refused with a 409 once the shop has an order, and stays as it was', async () => {
    await createPaidOrder(suite.ctx.db, { currency: 'EUR' });
    const res = await call('PATCH', '/api/admin/settings', { base_currency: 'GBP' });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'base_currency_locked' });
    expect(await storedBaseCurrency()).toBe('EUR');
    // Saving the same currency again is no change.
    expect((await call('PATCH', '/api/admin/settings', { base_currency: 'EUR' })).statusCode).toBe(200);
  });
});

describe('a refund', () => {
  it('goes back in its order’s currency, and says so in the answer, the timeline and the provider’s record', async () => {
    const { order, items } = await createPaidOrder(suite.ctx.db, {
      currency: 'EUR',
      paymentProvider: 'local',
    });
    const res = await call('POST', `/api/admin/orders/${order.id}/refunds`, {
      items: [{ order_item_id: items[0]!.id, quantity: 1 }],
      reason: 'Damaged in transit',
    });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json() as OrderDetail;
    expect(detail.currency).toBe('EUR');
    expect(detail.refunds).toEqual([expect.objectContaining({ amount: 3080, currency: 'EUR' })]);
    expect(detail.timeline[0]!.message).toContain('Refunded €30.80: Damaged in transit.');
    const [stored] = await suite.ctx.db.select().from(refunds).where(eq(refunds.orderId, order.id));
    expect(stored?.currency).toBe('EUR');
    const [provider] = await suite.ctx.db
      .select()
      .from(localPaymentRefunds)
      .where(eq(localPaymentRefunds.orderId, order.id));
    expect(provider).toMatchObject({ amount: 3080, currency: 'EUR' });
  });
});
