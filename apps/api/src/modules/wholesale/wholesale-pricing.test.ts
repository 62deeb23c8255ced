import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appWithAdminPerFile } from '../../../test/commerce-app.ts';
import { addCartItem, createCategory, createProduct, giftCardInCart } from '../../../test/factories.ts';
import { signUp, type TestUser } from '../../../test/sessions.ts';
import { withShippingZones } from '../checkout/test-helpers.ts';
import { addMarket } from '../markets/test-helpers.ts';
import { adminCall } from '../pricing/quote-test-helpers.ts';

// Groups, tiers and markets together, through the API: what the cart shows and what the checkout
// quote charges, for retail shoppers, guests and the members of two groups, in dollars and in euros
// (eu: rate 0.92, prices rounded up to .99). Runs on PGlite and PostgreSQL (npm run test:pg).
const suite = appWithAdminPerFile();
const admin = (method: 'POST' | 'PUT', url: string, payload: object) =>
  adminCall(suite, method, url, payload);

type Buyer = 'retail' | 'guest' | 'wholesale' | 'reseller';
type Item = 'tote' | 'mug' | 'pen';
const products = {} as Record<Item, string>;
const buyers = {} as Record<Exclude<Buyer, 'guest'>, TestUser>;

beforeAll(async () => {
  const { app, db } = suite.ctx;
  await addMarket(db, { handle: 'eu', currency: 'EUR', rate: '0.92', rounding: 'x.99', countries: ['DE'] });
  const bags = await createCategory(db, { name: 'Bags' });
  products.tote = (
    await createProduct(db, { name: 'Tote', price: 1000, inventoryLevel: 100 }, { categoryIds: [bags.id] })
  ).id;
  products.mug = (await createProduct(db, { name: 'Mug', price: 2000, inventoryLevel: 100 })).id;
  products.pen = (
    await createProduct(db, { name: 'Pen', price: 500, salePrice: 400, inventoryLevel: 100 })
  ).id;
  const none = { min_order_amount: null, payment_terms_days: null };
  const wholesale = await admin('POST', '/api/admin/customer-groups', { name: 'Wholesale', ...none });
  const resellers = await admin('POST', '/api/admin/customer-groups', { name: 'Resellers', ...none });
  const entry = {
    product_id: null,
    variant_id: null,
    category_id: null,
    min_quantity: 1,
    price: null,
    currency: null,
    percent_off_bps: null,
  };
  await admin('POST', '/api/admin/price-lists', {
    name: 'Wholesale prices',
    group_id: wholesale.id,
    entries: [
      { ...entry, product_id: products.tote, price: 800, currency: 'USD' },
      { ...entry, product_id: products.tote, min_quantity: 10, price: 700, currency: 'USD' },
      { ...entry, product_id: products.tote, price: 750, currency: 'EUR' },
      { ...entry, category_id: bags.id, percent_off_bps: 1500 },
      { ...entry, percent_off_bps: 1000 },
    ],
  });
  await admin('POST', '/api/admin/price-lists', {
    name: 'Volume',
    group_id: resellers.id,
    entries: [{ ...entry, min_quantity: 5, percent_off_bps: 2000 }],
  });
  buyers.retail = await signUp(app);
  buyers.wholesale = await signUp(app);
  buyers.reseller = await signUp(app);
  for (const [who, group] of [
    ['wholesale', wholesale.id],
    ['reseller', resellers.id],
  ] as const) {
    await admin('PUT', `/api/admin/customers/${buyers[who].id}/wholesale`, {
      customer_group_id: group,
      tax_exemption_number: null,
    });
  }
  await withShippingZones(app);
});

// Each unit price worked out by hand: retail in euros is the dollar price × 0.92 rounded up to .99
// (tote 9.99, mug 18.99, pen's sale price 3.99); a member pays the lowest entry that applies.
const CASES: Array<{ buyer: Buyer; market: 'us' | 'eu'; item: Item; quantity: number; unit: number }> = [
  { buyer: 'retail', market: 'us', item: 'tote', quantity: 1, unit: 1000 },
  { buyer: 'retail', market: 'us', item: 'tote', quantity: 10, unit: 1000 },
  { buyer: 'retail', market: 'eu', item: 'tote', quantity: 1, unit: 999 },
  { buyer: 'guest', market: 'us', item: 'tote', quantity: 10, unit: 1000 },
  { buyer: 'guest', market: 'eu', item: 'mug', quantity: 5, unit: 1899 },
  // Fixed 8.00 beats 15% off bags (8.50) and 10% off everything (9.00).
  { buyer: 'wholesale', market: 'us', item: 'tote', quantity: 1, unit: 800 },
  { buyer: 'wholesale', market: 'us', item: 'tote', quantity: 9, unit: 800 },
  { buyer: 'wholesale', market: 'us', item: 'tote', quantity: 10, unit: 700 },
  // The euro price; the dollar tier does not apply in euros.
  { buyer: 'wholesale', market: 'eu', item: 'tote', quantity: 1, unit: 750 },
  { buyer: 'wholesale', market: 'eu', item: 'tote', quantity: 10, unit: 750 },
  { buyer: 'wholesale', market: 'us', item: 'mug', quantity: 1, unit: 1800 },
  // 10% off 18.99 is 1.90 (half up).
  { buyer: 'wholesale', market: 'eu', item: 'mug', quantity: 1, unit: 1709 },
  { buyer: 'wholesale', market: 'us', item: 'pen', quantity: 1, unit: 360 },
  { buyer: 'wholesale', market: 'eu', item: 'pen', quantity: 1, unit: 359 },
  { buyer: 'reseller', market: 'us', item: 'mug', quantity: 4, unit: 2000 },
  { buyer: 'reseller', market: 'us', item: 'mug', quantity: 5, unit: 1600 },
  { buyer: 'reseller', market: 'eu', item: 'mug', quantity: 5, unit: 1519 },
  // Another group's prices never apply.
  { buyer: 'reseller', market: 'us', item: 'tote', quantity: 1, unit: 1000 },
];

async function cartAndQuote(buyer: Buyer, market: string, item: Item, quantity: number) {
  const { app, db } = suite.ctx;
  const line = { product_id: products[item], variant_id: null, quantity };
  if (buyer === 'guest') {
    const cart = await app.inject({
      method: 'POST',
      url: `/api/cart/preview?market=${market}`,
      payload: { items: [line] },
    });
    const quote = await app.inject({
      method: 'POST',
      url: `/api/checkout/quote?market=${market}`,
      payload: { country: 'GB', lines: [line] },
    });
    return { cart, quote };
  }
  const user = buyers[buyer];
  await db.execute(sql`DELETE FROM cart_items WHERE user_id = ${user.id}::uuid`);
  await addCartItem(db, user.id, products[item], quantity);
  const headers = { cookie: user.cookie };
  const cart = await app.inject({ method: 'GET', url: `/api/cart?market=${market}`, headers });
  const quote = await app.inject({
    method: 'POST',
    url: `/api/checkout/quote?market=${market}`,
    headers,
    payload: { country: 'GB' },
  });
  return { cart, quote };
}

describe('wholesale prices by group, tier and market', () => {
  it.each(CASES)('$buyer buying $quantity × $item in $market pays $unit each', async (c) => {
    const { cart, quote } = await cartAndQuote(c.buyer, c.market, c.item, c.quantity);
    expect(cart.statusCode, cart.body).toBe(200);
    expect(quote.statusCode, quote.body).toBe(200);
    const currency = c.market === 'eu' ? 'EUR' : 'USD';
    expect(cart.json()).toMatchObject({ currency, subtotal: c.unit * c.quantity });
    expect(cart.json().items[0]).toMatchObject({ unit_price: c.unit, line_total: c.unit * c.quantity });
    expect(quote.json().currency).toBe(currency);
    expect(quote.json().priced.lines[0]).toMatchObject({ unit_price: c.unit, subtotal: c.unit * c.quantity });
  });

  it('shows a member their tiers on the product and a retail shopper or guest nothing', async () => {
    const { app } = suite.ctx;
    const url = `/api/wholesale/prices?product_id=${products.tote}`;
    const member = await app.inject({ method: 'GET', url, headers: { cookie: buyers.wholesale.cookie } });
    expect(member.statusCode, member.body).toBe(200);
    expect(member.headers['cache-control']).toContain('no-store');
    expect(member.json()).toEqual({
      group: { name: 'Wholesale' },
      currency: 'USD',
      items: [
        {
          variant_id: null,
          tiers: [
            { min_quantity: 1, unit_price: 800 },
            { min_quantity: 10, unit_price: 700 },
          ],
        },
      ],
    });
    const inEuros = await app.inject({
      method: 'GET',
      url: `${url}&market=eu`,
      headers: { cookie: buyers.wholesale.cookie },
    });
    expect(inEuros.json().items).toEqual([
      { variant_id: null, tiers: [{ min_quantity: 1, unit_price: 750 }] },
    ]);
    for (const headers of [{ cookie: buyers.retail.cookie }, {}]) {
      const res = await app.inject({ method: 'GET', url, headers });
      expect(res.json()).toEqual({ group: null, currency: 'USD', items: [] });
    }
  });
});

describe('a gift card bought by a group member', () => {
  it('costs its face value: no price list entry, not even the whole catalog one, takes anything off', async () => {
    const { app, db } = suite.ctx;
    const user = buyers.wholesale;
    await db.execute(sql`DELETE FROM cart_items WHERE user_id = ${user.id}::uuid`);
    const card = await giftCardInCart(db, user.id, 'grace@example.com');
    const headers = { cookie: user.cookie };
    const cart = await app.inject({ method: 'GET', url: '/api/cart', headers });
    expect(cart.json().items[0]).toMatchObject({ unit_price: 5000, line_total: 5000 });
    const quote = await app.inject({
      method: 'POST',
      url: '/api/checkout/quote',
      headers,
      payload: { country: 'GB' },
    });
    expect(quote.statusCode, quote.body).toBe(200);
    expect(quote.json().priced.lines[0]).toMatchObject({ unit_price: 5000, subtotal: 5000 });
    const prices = await app.inject({
      method: 'GET',
      url: `/api/wholesale/prices?product_id=${card.id}`,
      headers,
    });
    expect(prices.json().items).toEqual([
      { variant_id: null, tiers: [{ min_quantity: 1, unit_price: 5000 }] },
    ]);
  });
});
