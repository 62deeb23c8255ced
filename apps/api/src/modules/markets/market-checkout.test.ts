import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appPerTest } from '../../../test/commerce-app.ts';
import { addCartItem, createProduct } from '../../../test/factories.ts';
import { FakeStripe, WEBHOOK_SECRET, webhook } from '../../../test/fake-stripe.ts';
import { signUp, signUpAs } from '../../../test/sessions.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { orderItems } from '../../db/schema.ts';
import { SHIPPING_INFO, startCheckout, withShippingZones } from '../checkout/test-helpers.ts';
import { addMarket } from './test-helpers.ts';

const fake = new FakeStripe();
let apiBase = '';
const testApp = appPerTest();

beforeAll(async () => {
  apiBase = await fake.start();
});
afterAll(() => fake.stop());

interface OrderRow {
  id: string;
  currency: string;
  exchange_rate: string;
  subtotal_amount: number;
  shipping_amount: number;
  total_amount: number;
  base_subtotal_amount: number | null;
  base_shipping_amount: number | null;
  base_discount_amount: number | null;
  base_tax_amount: number | null;
  base_total_amount: number | null;
}

const ordersOf = (db: Db, userId: string) =>
  queryRows<OrderRow>(
    db,
    sql`SELECT id, currency, exchange_rate::text, subtotal_amount, shipping_amount, total_amount,
        base_subtotal_amount, base_shipping_amount, base_discount_amount, base_tax_amount, base_total_amount
      FROM orders WHERE customer_id = ${userId}::uuid ORDER BY created_at`,
  );

/** A Stripe shop with a flat 5.00 shipping, markets eu (EUR, .99 prices) and jp (JPY), and a cart of two boards. */
async function shopWithCart(env: Record<string, string> = {}, taxInclusive = false) {
  const { app, db } = await testApp.open({
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_SECRET_KEY: 'sk_test_cartwheel',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_BASE: apiBase,
    SHIPPING_FLAT_CENTS: '500',
    ...env,
  });
  await addMarket(db, {
    handle: 'eu',
    currency: 'EUR',
    rate: '0.92',
    rounding: 'x.99',
    pricesIncludeTax: taxInclusive,
  });
  await addMarket(db, { handle: 'jp', currency: 'JPY', rate: '151.37', rounding: 'whole' });
  const user = await signUp(app);
  const product = await createProduct(db, {
    name: 'Walnut Board',
    price: 5000,
    salePrice: 4200,
    inventoryLevel: 4,
  });
  await addCartItem(db, user.id, product.id, 2);
  await withShippingZones(app);
  return { app, db, user, product };
}

const lastSessionForm = () => fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1)!.form;

describe('checkout in a market', () => {
  it("charges in euros: the order's currency, rate and base amounts, and Stripe gets eur and euro amounts", async () => {
    const { app, db, user } = await shopWithCart();
    const res = await startCheckout(app, user.cookie, { customer_info: SHIPPING_INFO, market: 'eu' });
    expect(res.statusCode, res.body).toBe(200);
    const [order] = await ordersOf(db, user.id);
    // 42.00 × 0.92 = 38.64 → 38.99 a board; shipping 5.00 × 0.92 = 4.60 (no price rule on rates).
    expect(order).toMatchObject({
      currency: 'EUR',
      subtotal_amount: 7798,
      shipping_amount: 460,
      total_amount: 8258,
      base_subtotal_amount: 8476,
      base_shipping_amount: 500,
      base_discount_amount: 0,
      base_tax_amount: 0,
      base_total_amount: 8976,
    });
    expect(Number(order!.exchange_rate)).toBe(0.92);
    const form = lastSessionForm();
    expect(form.get('line_items[0][price_data][currency]')).toBe('eur');
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('3899');
    expect(form.get('line_items[0][quantity]')).toBe('2');
    const [line] = await db.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
    expect(line!.pricePerItem).toBe(3899);
  });

  it('takes the market from the query too, and charges yen without minor units', async () => {
    const { app, db, user } = await shopWithCart();
    const res = await app.inject({
      method: 'POST',
      url: '/api/checkout/sessions?market=jp',
      headers: { cookie: user.cookie },
      payload: { customer_info: SHIPPING_INFO },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [order] = await ordersOf(db, user.id);
    // 42.00 × 151.37 = 6357.54 → 6358 yen a board; shipping 756.85 → 757 yen.
    expect(order).toMatchObject({
      currency: 'JPY',
      subtotal_amount: 12716,
      shipping_amount: 757,
      total_amount: 13473,
    });
    // Back in dollars at the rate: 12716 yen = 84.01, 757 yen = 5.00 (each rounded once).
    expect(order).toMatchObject({
      base_subtotal_amount: 8401,
      base_shipping_amount: 500,
      base_total_amount: 8901,
    });
    const form = lastSessionForm();
    expect(form.get('line_items[0][price_data][currency]')).toBe('jpy');
    expect(form.get('line_items[0][price_data][unit_amount]')).toBe('6358');
  });

  it('the base market: dollars, rate 1, base amounts equal to the amounts', async () => {
    const { app, db, user } = await shopWithCart();
    const res = await startCheckout(app, user.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const [order] = await ordersOf(db, user.id);
    expect(order).toMatchObject({ currency: 'USD', total_amount: 8900, base_total_amount: 8900 });
    expect(Number(order!.exchange_rate)).toBe(1);
    expect(lastSessionForm().get('line_items[0][price_data][currency]')).toBe('usd');
  });

  it("a tax-inclusive market: the shelf price is what the buyer pays, the tax inside it; the base market's tax is added", async () => {
    const { app, db, user, product } = await shopWithCart({ TAX_RATE_BPS: '1900' }, true);
    const res = await startCheckout(app, user.cookie, { customer_info: SHIPPING_INFO, market: 'eu' });
    expect(res.statusCode, res.body).toBe(200);
    const [order] = await queryRows<{
      total_amount: number;
      subtotal_amount: number;
      tax_amount: number;
      tax_inclusive: boolean;
    }>(
      db,
      sql`SELECT total_amount, subtotal_amount, tax_amount, tax_inclusive FROM orders WHERE customer_id = ${user.id}::uuid`,
    );
    expect(order).toMatchObject({ subtotal_amount: 7798, total_amount: 7798 + 460, tax_inclusive: true });
    expect(order!.tax_amount).toBeGreaterThan(0);
    // Another shopper in the base market: tax added on top, as the shop's setting says.
    const other = await signUp(app);
    await addCartItem(db, other.id, product.id, 2);
    await startCheckout(app, other.cookie);
    const [base] = await queryRows<{ total_amount: number; tax_inclusive: boolean }>(
      db,
      sql`SELECT total_amount, tax_inclusive FROM orders WHERE customer_id = ${other.id}::uuid`,
    );
    expect(base).toMatchObject({ tax_inclusive: false });
    expect(base!.total_amount).toBeGreaterThan(8900);
  });

  it('an unknown market is refused and writes nothing', async () => {
    const { app, db, user } = await shopWithCart();
    const res = await startCheckout(app, user.cookie, { customer_info: SHIPPING_INFO, market: 'mars' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('unknown_market');
    expect(await ordersOf(db, user.id)).toEqual([]);
  });

  it('the quote is in the market too', async () => {
    const { app, user } = await shopWithCart();
    const res = await app.inject({
      method: 'POST',
      url: '/api/checkout/quote',
      headers: { cookie: user.cookie },
      payload: { country: 'GB', market: 'eu' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().currency).toBe('EUR');
    expect(res.json().priced.subtotal).toBe(7798);
    expect(res.json().shipping_methods[0].amount).toBe(460);
  });

  it("a refund goes back in the order's currency: euro amounts to Stripe", async () => {
    const { app, db, user } = await shopWithCart();
    const res = await startCheckout(app, user.cookie, { customer_info: SHIPPING_INFO, market: 'eu' });
    const sessionId = new URL(res.json().url).pathname.split('/').pop()!;
    const paid = await webhook(app, 'checkout.session.completed', fake.pay(sessionId));
    expect(paid.statusCode, paid.body).toBe(200);
    const [order] = await ordersOf(db, user.id);
    const [line] = await db.select().from(orderItems).where(eq(orderItems.orderId, order!.id));
    const manager = await signUpAs(app, db, 'manager');
    const refunded = await app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order!.id}/refunds`,
      headers: { cookie: manager.cookie },
      payload: { items: [{ order_item_id: line!.id, quantity: 1 }], reason: 'Cracked' },
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json()).toMatchObject({ refunded_amount: 3899 });
    const sent = fake.requests.filter((r) => r.path === '/v1/refunds').at(-1)!;
    expect(sent.form.get('amount')).toBe('3899');
  });
});
