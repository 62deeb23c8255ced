import { type QuoteResponse, quoteResponse } from '@cartwheel/shared/contracts/pricing';
import { beforeAll, describe, expect, it } from 'vitest';
import { appWithAdminPerFile } from '../../../test/commerce-app.ts';
import { addCartItem, createProduct } from '../../../test/factories.ts';
import { signUp } from '../../../test/sessions.ts';
import { adminCall, expectAddsUp } from './quote-test-helpers.ts';

// POST /api/checkout/quote through the real app and database: zones set by an admin, the shop's
// products and prices, and the one price calculation behind it.
const suite = appWithAdminPerFile();
const ids = { mug: '', poster: '', standard: '', express: '', byWeight: '', california: '', canada: '' };

const admin = (method: 'POST' | 'PATCH' | 'PUT', url: string, payload: object) =>
  adminCall(suite, method, url, payload);

beforeAll(async () => {
  const { db } = suite.ctx;
  ids.mug = (await createProduct(db, { name: 'Mug', price: 1250, weight: 0.8 })).id;
  ids.poster = (await createProduct(db, { name: 'Poster', price: 3000, salePrice: 2500, weight: 0.6 })).id;
  const us = await admin('POST', '/api/admin/shipping/zones', {
    name: 'United States',
    countries: ['US'],
    methods: [
      { name: 'Standard', kind: 'free_over', amount_cents: 599, free_over_cents: 5000 },
      { name: 'Express', delivery_estimate: '1–2 business days', kind: 'flat', amount_cents: 1499 },
      {
        name: 'By weight',
        kind: 'weight',
        weight_bands: [
          { up_to_grams: 1000, amount_cents: 500 },
          { up_to_grams: null, amount_cents: 1500 },
        ],
      },
    ],
  });
  await admin('PUT', '/api/admin/shipping/taxes/US', { rates: [{ name: 'Sales tax', rate_bps: 825 }] });
  [ids.standard, ids.express, ids.byWeight] = us.methods.map((m: { id: string }) => m.id);
  const california = await admin('POST', '/api/admin/shipping/zones', {
    name: 'California',
    countries: ['US'],
    states: ['US-CA'],
    methods: [{ name: 'Standard', kind: 'flat', amount_cents: 799 }],
  });
  await admin('PUT', '/api/admin/shipping/taxes/US-CA', { rates: [{ name: 'CA tax', rate_bps: 1000 }] });
  ids.california = california.methods[0].id;
  const canada = await admin('POST', '/api/admin/shipping/zones', {
    name: 'Canada',
    countries: ['CA'],
    methods: [{ name: 'Standard', kind: 'flat', amount_cents: 1299 }],
  });
  ids.canada = canada.methods[0].id;
});

/** Two mugs ($12.50) and a poster on sale ($25.00): $50.00, 2.2 lb (998 g). */
const cart = () => [
  { product_id: ids.mug, quantity: 2 },
  { product_id: ids.poster, quantity: 1 },
];

async function quote(body: object, cookie?: string): Promise<QuoteResponse> {
  const res = await suite.ctx.app.inject({
    method: 'POST',
    url: '/api/checkout/quote',
    ...(cookie ? { headers: { cookie } } : {}),
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return quoteResponse.parse(res.json());
}

describe('POST /api/checkout/quote', () => {
  it.each([
    {
      name: 'US, no method chosen yet: every method priced for this cart, tax on the goods',
      body: { country: 'US' },
      method: null,
      shipping: 0,
      tax: 413,
      total: 5413,
      methods: [0, 1499, 500],
    },
    {
      name: 'US, Standard: free over $50.00',
      body: { country: 'US' },
      method: 'standard',
      shipping: 0,
      tax: 413,
      total: 5413,
      methods: [0, 1499, 500],
    },
    {
      name: 'US, Express: shipping is not taxed unless the shop says so',
      body: { country: 'US' },
      method: 'express',
      shipping: 1499,
      tax: 413,
      total: 5000 + 1499 + 413,
      methods: [0, 1499, 500],
    },
    {
      name: 'US, by weight: 2.2 lb (998 g) falls in the first band, up to 1000 g',
      body: { country: 'US' },
      method: 'byWeight',
      shipping: 500,
      tax: 413,
      total: 5000 + 500 + 413,
      methods: [0, 1499, 500],
    },
    {
      name: "California: the state's own zone and rate",
      body: { country: 'US', state: 'CA' },
      method: 'california',
      shipping: 799,
      tax: 500,
      total: 5000 + 799 + 500,
      methods: [799],
    },
    {
      name: 'Canada: no tax',
      body: { country: 'CA' },
      method: 'canada',
      shipping: 1299,
      tax: 0,
      total: 5000 + 1299,
      methods: [1299],
    },
    {
      name: "another zone's method counts as none chosen",
      body: { country: 'CA' },
      method: 'express',
      shipping: 0,
      tax: 0,
      total: 5000,
      methods: [1299],
    },
  ] as const)('$name', async ({ body, method, shipping, tax, total, methods }) => {
    const res = await quote({
      ...body,
      lines: cart(),
      ...(method ? { shipping_method_id: ids[method] } : {}),
    });
    expect(res.no_shipping).toBeNull();
    expect(res.code_error).toBeNull();
    expect(res.shipping_methods.map((m) => m.amount)).toEqual(methods);
    expect(res.priced).toMatchObject({ subtotal: 5000, discount_total: 0, shipping, tax, total });
    expect(res.priced.lines.map((l) => [l.unit_price, l.quantity])).toEqual([
      [1250, 2],
      [2500, 1],
    ]);
    expectAddsUp(res);
  });

  it("weighs the catalog's pounds in grams for the weight bands: three mugs, 2.4 lb (1089 g), take the second", async () => {
    const res = await quote({
      country: 'US',
      shipping_method_id: ids.byWeight,
      lines: [{ product_id: ids.mug, quantity: 3 }],
    });
    expect(res.shipping_methods.find((m) => m.id === ids.byWeight)?.amount).toBe(1500);
    expect(res.priced.shipping).toBe(1500);
  });

  it("answers a destination without a zone in the body: no methods, no shipping, the goods' total", async () => {
    const res = await quote({ country: 'FR', lines: cart() });
    expect(res.no_shipping).toEqual({ message: "We don't ship to France yet." });
    expect(res.shipping_methods).toEqual([]);
    expect(res.priced).toMatchObject({ subtotal: 5000, shipping: 0, tax: 0, total: 5000 });
  });

  it('ignores prices and totals sent by the browser', async () => {
    const res = await quote({
      country: 'US',
      lines: cart().map((l) => ({ ...l, unit_price: 1, price: 1, total: 1 })),
      total: 1,
      priced: { total: 1 },
    });
    expect(res.priced.total).toBe(5413);
  });

  it('prices the signed-in shopper’s server cart, not the lines sent', async () => {
    const { app, db } = suite.ctx;
    const shopper = await signUp(app);
    await addCartItem(db, shopper.id, ids.poster, 3);
    const res = await quote({ country: 'US', lines: cart() }, shopper.cookie);
    expect(res.priced.lines.map((l) => [l.unit_price, l.quantity])).toEqual([[2500, 3]]);
    expect(res.priced).toMatchObject({ subtotal: 7500, tax: 619, total: 8119 });
  });

  it('answers a code that does not exist in the body, and prices the cart without it', async () => {
    const res = await quote({ country: 'US', lines: cart(), discount_code: 'NOPE' });
    expect(res.code_error?.message).toBe("This discount code doesn't exist");
    expect(res.priced).toMatchObject({ discount_total: 0, total: 5413 });
  });

  it('refuses a guest quote without lines with 400', async () => {
    const res = await suite.ctx.app.inject({
      method: 'POST',
      url: '/api/checkout/quote',
      payload: { country: 'US' },
    });
    expect(res.statusCode).toBe(400);
  });

  // Changes the shop's tax settings: last.
  it('with prices that include tax, extracts the tax (and on shipping) without changing the total', async () => {
    await admin('PATCH', '/api/admin/settings/checkout', { prices_include_tax: true });
    await admin('PUT', '/api/admin/shipping/taxes/US', {
      rates: [{ name: 'Sales tax', rate_bps: 825, taxes_shipping: true }],
    });
    const res = await quote({ country: 'US', lines: cart(), shipping_method_id: ids.express });
    // 5000 + 1499 = 6499 holds 6499 − 6499 / 1.0825 = 495.33… → $4.95 of tax.
    expect(res.priced).toMatchObject({ shipping: 1499, tax: 495, total: 6499 });
    expect(res.priced.tax_lines).toEqual([
      { name: 'Sales tax', rate_bps: 825, amount: 495, inclusive: true },
    ]);
    expectAddsUp(res);
  });
});
