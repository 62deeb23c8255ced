import type { Product, ProductList } from '@cartwheel/shared/contracts/catalog';
import type { StorefrontSearchResult } from '@cartwheel/shared/contracts/storefront-search';
import { beforeAll, describe, expect, it } from 'vitest';
import { appPerFile } from '../../../test/commerce-app.ts';
import { createOption, createProduct, createVariant } from '../../../test/factories.ts';
import { addMarket, fixPrice, setRate } from './test-helpers.ts';

const suite = appPerFile();
const get = async <T>(url: string) => {
  const res = await suite.ctx.app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() as T };
};

let eu: string;
let tee: { id: string; slug: string };
let mug: { id: string; slug: string };
let variantIds: string[];

beforeAll(async () => {
  const { db } = suite.ctx;
  eu = await addMarket(db, { handle: 'eu', currency: 'EUR', rate: '0.92', rounding: 'x.99' });
  await addMarket(db, { handle: 'jp', currency: 'JPY', rate: '151.37', rounding: 'whole' });
  await addMarket(db, { handle: 'ch', currency: 'CHF', rate: '0.88', isActive: false });
  await addMarket(db, { handle: 'se', currency: 'SEK' });
  tee = await createProduct(db, { name: 'Tee', slug: 'tee', price: 2800, salePrice: 2400 });
  mug = await createProduct(db, { name: 'Mug', slug: 'mug', price: 1500 });
  const { values } = await createOption(db, tee.id, 'size', ['S', 'M']);
  const s = await createVariant(db, tee.id, [values[0]!.id], {
    price: 2800,
    salePrice: null,
    retailPrice: 3500,
  });
  const m = await createVariant(db, tee.id, [values[1]!.id], { price: 3000, salePrice: 2500 });
  variantIds = [s.id, m.id];
  // The mug has its own euro price; the tee's M variant too.
  await fixPrice(db, eu, mug.id, null, 1299);
  await fixPrice(db, eu, tee.id, m.id, 2999, 2599);
});

describe('catalog reads in a market', () => {
  it('the base market: prices as stored, with the base currency', async () => {
    const list = await get<ProductList>('/api/products?sort=name');
    expect(list.body.currency).toBe('USD');
    expect(list.body.items.map((p) => [p.slug, p.price, p.sale_price])).toEqual([
      ['mug', 1500, null],
      ['tee', 2800, 2400],
    ]);
    const same = await get<ProductList>('/api/products?sort=name&market=us');
    expect(same.body).toEqual(list.body);
  });

  it('the list in euros: converted with the rounding rule, fixed prices win', async () => {
    const { status, body } = await get<ProductList>('/api/products?sort=name&market=eu');
    expect(status).toBe(200);
    expect(body.currency).toBe('EUR');
    // 28.00 × 0.92 = 25.76 → 25.99; 24.00 × 0.92 = 22.08 → 22.99; the mug is fixed at 12.99.
    expect(body.items.map((p) => [p.slug, p.price, p.sale_price])).toEqual([
      ['mug', 1299, null],
      ['tee', 2599, 2299],
    ]);
  });

  it('the product page in yen: product, variants, retail price and option adjustments', async () => {
    const { body } = await get<Product>(`/api/products/${tee.slug}?market=jp`);
    expect(body.currency).toBe('JPY');
    // 28.00 × 151.37 = 4238.36 → 4238 yen: yen have no minor units to round away.
    expect([body.price, body.sale_price]).toEqual([4238, 3633]);
    const byId = new Map(body.variants.map((v) => [v.id, v]));
    expect(byId.get(variantIds[0]!)).toMatchObject({ price: 4238, sale_price: null, retail_price: 5298 });
    expect(byId.get(variantIds[1]!)).toMatchObject({ price: 4541, sale_price: 3784 });
  });

  it("the product page in euros takes the variant's fixed prices", async () => {
    const { body } = await get<Product>(`/api/products/${tee.slug}?market=eu`);
    const m = body.variants.find((v) => v.id === variantIds[1]);
    expect([m?.price, m?.sale_price]).toEqual([2999, 2599]);
    const base = await get<Product>(`/api/products/${tee.slug}`);
    expect(base.body.currency).toBe('USD');
    expect(base.body.variants.find((v) => v.id === variantIds[1])?.price).toBe(3000);
  });

  it('search in euros: cards, the price facet, and price filters in euros', async () => {
    const { body } = await get<StorefrontSearchResult>('/api/search?market=eu&sort=name');
    expect(body.currency).toBe('EUR');
    expect(body.items.map((p) => p.price)).toEqual([1299, 2599]);
    // The facet's range converted: 15.00 → 13.80 → 13.99; 24.00 → 22.08 → 22.99.
    expect(body.facets.price).toEqual({ min: 1399, max: 2299 });
    // 20 euros is 21.74 dollars: only the tee (24.00 on sale) is at or above it.
    const filtered = await get<StorefrontSearchResult>('/api/search?market=eu&price_min=2000');
    expect(filtered.body.items.map((p) => p.slug)).toEqual(['tee']);
  });

  it('a rate change shows at once (the markets cache is emptied by the change feed)', async () => {
    await setRate(suite.ctx.db, 'JPY', '100');
    const { body } = await get<Product>(`/api/products/${mug.slug}?market=jp`);
    expect(body.price).toBe(1500);
    await setRate(suite.ctx.db, 'JPY', '151.37');
  });

  it('a guest cart priced in euros: lines, subtotal and currency; fixed prices win', async () => {
    const res = await suite.ctx.app.inject({
      method: 'POST',
      url: '/api/cart/preview?market=eu',
      payload: {
        items: [
          { product_id: mug.id, variant_id: null, quantity: 2 },
          { product_id: tee.id, variant_id: variantIds[0], quantity: 1 },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.currency).toBe('EUR');
    // The mug fixed at 12.99; the S tee 28.00 × 0.92 = 25.76 → 25.99.
    expect(
      body.items.map((l: { unit_price: number; line_total: number }) => [l.unit_price, l.line_total]),
    ).toEqual([
      [1299, 2598],
      [2599, 2599],
    ]);
    expect(body.subtotal).toBe(5197);
    const base = await suite.ctx.app.inject({
      method: 'POST',
      url: '/api/cart/preview',
      payload: { items: [{ product_id: mug.id, variant_id: null, quantity: 2 }] },
    });
    expect(base.json()).toMatchObject({ currency: 'USD', subtotal: 3000 });
  });

  it.each([
    ['/api/products?market=xx'],
    ['/api/products/tee?market=xx'],
    ['/api/search?market=xx'],
    ['/api/products?market=ch'],
  ])('an unknown or inactive market is refused: %s', async (url) => {
    const res = await get<{ error: { code: string; message: string } }>(url);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('unknown_market');
    expect(res.body.error.message).toContain('There is no market');
  });

  it('a market without an exchange rate says so', async () => {
    const res = await get<{ error: { code: string; message: string } }>('/api/products?market=se');
    expect(res.status).toBe(422);
    expect(res.body.error.message).toContain('no exchange rate for SEK');
  });
});
