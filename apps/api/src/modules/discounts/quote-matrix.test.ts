import { type QuoteResponse, quoteResponse } from '@cartwheel/shared/contracts/pricing';
import { beforeAll, describe, expect, it } from 'vitest';
import { appWithAdminPerFile } from '../../../test/commerce-app.ts';
import { createProduct } from '../../../test/factories.ts';
import { adminCall, expectAddsUp } from '../pricing/quote-test-helpers.ts';

// The one price calculation through the API with real discounts, zones and tax settings: every code
// kind × two shipping methods × tax added or included. The figures are worked out by hand below
// each case; every answer must also add up.
const suite = appWithAdminPerFile();
const ids = { mug: '', poster: '', standard: '', express: '' };

const admin = (method: 'POST' | 'PATCH', url: string, payload: object) =>
  adminCall(suite, method, url, payload);

beforeAll(async () => {
  const { db } = suite.ctx;
  ids.mug = (await createProduct(db, { name: 'Mug', price: 1250 })).id;
  ids.poster = (await createProduct(db, { name: 'Poster', price: 2500 })).id;
  const us = await admin('POST', '/api/admin/shipping/zones', {
    name: 'United States',
    countries: ['US'],
    methods: [
      { name: 'Standard', kind: 'free_over', amount_cents: 599, free_over_cents: 5000 },
      { name: 'Express', kind: 'flat', amount_cents: 1499 },
    ],
  });
  await adminCall(suite, 'PUT', '/api/admin/shipping/taxes/US', {
    rates: [{ name: 'Sales tax', rate_bps: 825 }],
  });
  [ids.standard, ids.express] = us.methods.map((m: { id: string }) => m.id);
  const codes = [
    { title: 'Ten percent', code: 'TEN', kind: 'percentage', percent_bps: 1000 },
    { title: 'Five dollars', code: 'FIVEOFF', kind: 'fixed_amount', amount_cents: 500 },
    { title: 'Free shipping', code: 'SHIPFREE', kind: 'free_shipping' },
    {
      title: 'Second mug free',
      code: 'MUGS',
      kind: 'buy_x_get_y',
      buy_quantity: 1,
      get_quantity: 1,
      product_ids: [ids.mug],
    },
  ];
  for (const body of codes) await admin('POST', '/api/admin/discounts', body);
});

async function quote(code: string | null, method: 'standard' | 'express'): Promise<QuoteResponse> {
  const res = await suite.ctx.app.inject({
    method: 'POST',
    url: '/api/checkout/quote',
    payload: {
      country: 'US',
      // Two mugs at $12.50 and a poster at $25.00: $50.00.
      lines: [
        { product_id: ids.mug, quantity: 2 },
        { product_id: ids.poster, quantity: 1 },
      ],
      shipping_method_id: ids[method],
      ...(code ? { discount_code: code } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return quoteResponse.parse(res.json());
}

type Case = {
  code: string | null;
  method: 'standard' | 'express';
  discount: number;
  shipping: number;
  tax: number;
  total: number;
};

// Tax added: 8.25% of what the goods cost after their discounts; shipping is not taxed.
const added: Case[] = [
  // $50.00 reaches Standard's free-over: shipping 0; tax 412.50 → 413.
  { code: null, method: 'standard', discount: 0, shipping: 0, tax: 413, total: 5413 },
  { code: null, method: 'express', discount: 0, shipping: 1499, tax: 413, total: 5000 + 1499 + 413 },
  // $45.00 after 10%: under $50.00, so Standard costs $5.99; tax 371.25 → 371.
  { code: 'TEN', method: 'standard', discount: 500, shipping: 599, tax: 371, total: 4500 + 599 + 371 },
  { code: 'TEN', method: 'express', discount: 500, shipping: 1499, tax: 371, total: 4500 + 1499 + 371 },
  { code: 'FIVEOFF', method: 'standard', discount: 500, shipping: 599, tax: 371, total: 4500 + 599 + 371 },
  // Free shipping takes Express's $14.99 off; the goods and their tax are unchanged.
  { code: 'SHIPFREE', method: 'express', discount: 1499, shipping: 0, tax: 413, total: 5000 + 413 },
  // The second mug free: $37.50 of goods, Standard $5.99; tax 103.125 + 206.25 = 309.375 → 309.
  { code: 'MUGS', method: 'standard', discount: 1250, shipping: 599, tax: 309, total: 3750 + 599 + 309 },
  { code: 'MUGS', method: 'express', discount: 1250, shipping: 1499, tax: 309, total: 3750 + 1499 + 309 },
];

// Tax included in the prices (not on shipping): the total is what the goods and shipping cost; the
// tax inside the goods is goods − goods / 1.0825.
const included: Case[] = [
  // 5000 − 5000 / 1.0825 = 381.06 → 381.
  { code: null, method: 'express', discount: 0, shipping: 1499, tax: 381, total: 5000 + 1499 },
  // 4500 − 4500 / 1.0825 = 342.96 → 343.
  { code: 'TEN', method: 'express', discount: 500, shipping: 1499, tax: 343, total: 4500 + 1499 },
  { code: 'SHIPFREE', method: 'express', discount: 1499, shipping: 0, tax: 381, total: 5000 },
  // 3750 − 3750 / 1.0825 = 285.80 → 286.
  { code: 'MUGS', method: 'standard', discount: 1250, shipping: 599, tax: 286, total: 3750 + 599 },
];

function check(res: QuoteResponse, c: Case, inclusive: boolean) {
  expect(res.code_error).toBeNull();
  expect(res.priced.rejected).toEqual([]);
  expect(res.priced).toMatchObject({
    subtotal: 5000,
    discount_total: c.discount,
    shipping: c.shipping,
    tax: c.tax,
    total: c.total,
  });
  expect(res.priced.discounts.map((d) => d.code)).toEqual(c.code ? [c.code] : []);
  expect(res.priced.tax_lines).toEqual([{ name: 'Sales tax', rate_bps: 825, amount: c.tax, inclusive }]);
  expectAddsUp(res);
}

describe('a $50.00 cart through POST /api/checkout/quote', () => {
  it.each(added)('tax added, $code, $method', async (c) => {
    check(await quote(c.code, c.method), c, false);
  });

  describe('with prices that include tax', () => {
    beforeAll(async () => {
      await admin('PATCH', '/api/admin/settings/checkout', { prices_include_tax: true });
    });

    it.each(included)('tax included, $code, $method', async (c) => {
      check(await quote(c.code, c.method), c, true);
    });
  });
});
