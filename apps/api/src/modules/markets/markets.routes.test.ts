import type { MarketList } from '@cartwheel/shared/contracts/markets';
import { beforeAll, describe, expect, it } from 'vitest';
import { appWithAdminPerFile } from '../../../test/commerce-app.ts';
import { createOption, createProduct, createVariant } from '../../../test/factories.ts';
import { signUpAs, type TestUser } from '../../../test/sessions.ts';

const suite = appWithAdminPerFile();
let manager: TestUser;
let staff: TestUser;

beforeAll(async () => {
  manager = await signUpAs(suite.ctx.app, suite.ctx.db, 'manager');
  staff = await signUpAs(suite.ctx.app, suite.ctx.db, 'staff');
});

const call = (user: TestUser, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  suite.ctx.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });

const EU = {
  handle: 'eu',
  name: 'European Union',
  countries: ['DE', 'FR', 'es'],
  currency: 'eur',
  languages: ['de', 'fr', 'es'],
  prices_include_tax: true,
  rounding: 'x.99',
};

describe('markets in the back office', () => {
  it('lists the base market a shop starts with', async () => {
    const res = await call(staff, 'GET', '/api/admin/markets');
    expect(res.statusCode).toBe(200);
    const body = res.json() as MarketList;
    expect(body.base_currency).toBe('USD');
    expect(body.items).toEqual([
      expect.objectContaining({
        handle: 'us',
        currency: 'USD',
        is_base: true,
        countries: ['US'],
        languages: ['en'],
      }),
    ]);
    expect(body.rates_feed).toBe(false);
  });

  it('a manager creates a market; staff may not', async () => {
    expect((await call(staff, 'POST', '/api/admin/markets', EU)).statusCode).toBe(403);
    const res = await call(manager, 'POST', '/api/admin/markets', EU);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      handle: 'eu',
      currency: 'EUR',
      countries: ['DE', 'FR', 'ES'],
      is_base: false,
    });
  });

  it.each([
    [{ ...EU, handle: 'eu', countries: ['IT'] }, 409, 'Another market has the handle eu'],
    [
      { ...EU, handle: 'eu2', countries: ['US'] },
      409,
      'United States is already in the market United States',
    ],
    [{ ...EU, handle: 'xx', currency: 'EURO' }, 400, 'ISO 4217'],
    [{ ...EU, handle: 'xx', countries: ['ZZ'] }, 400, 'ISO 3166-1'],
    [{ ...EU, handle: 'xx', languages: [] }, 400, 'at least one language'],
    [{ ...EU, handle: 'Not A Handle' }, 400, 'lowercase letters'],
    [{ ...EU, handle: 'xx', rounding: 'x.50' }, 400, 'Rounding must be one of'],
  ])('refuses bad input and writes nothing (%#)', async (body, status, message) => {
    const res = await call(manager, 'POST', '/api/admin/markets', body);
    expect(res.statusCode).toBe(status);
    expect(res.body).toContain(message);
    const list = (await call(staff, 'GET', '/api/admin/markets')).json() as MarketList;
    expect(list.items.map((m) => m.handle).sort()).toEqual(['eu', 'us']);
  });

  it("the base market keeps its currency and can't be deleted", async () => {
    const list = (await call(staff, 'GET', '/api/admin/markets')).json() as MarketList;
    const us = list.items.find((m) => m.is_base)!;
    const body = { ...us, currency: 'EUR' };
    const res = await call(manager, 'PUT', `/api/admin/markets/${us.id}`, body);
    expect(res.statusCode).toBe(409);
    expect((await call(manager, 'DELETE', `/api/admin/markets/${us.id}`)).statusCode).toBe(409);
    const renamed = await call(manager, 'PUT', `/api/admin/markets/${us.id}`, { ...us, name: 'USA' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().name).toBe('USA');
  });

  it('exchange rates are set by hand with their source, and the storefront prices with them at once', async () => {
    expect((await call(staff, 'PUT', '/api/admin/exchange-rates/EUR', { rate: '0.9' })).statusCode).toBe(403);
    const bad = await call(manager, 'PUT', '/api/admin/exchange-rates/EUR', { rate: '-1' });
    expect(bad.statusCode).toBe(400);
    expect((await call(manager, 'PUT', '/api/admin/exchange-rates/USD', { rate: '2' })).statusCode).toBe(400);
    const res = await call(manager, 'PUT', '/api/admin/exchange-rates/eur', { rate: '0.5' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ currency: 'EUR', rate: '0.5', source: 'manual' });
    await createProduct(suite.ctx.db, { slug: 'rated', price: 2000 });
    const product = await suite.ctx.app.inject({ method: 'GET', url: '/api/products/rated?market=eu' });
    // 20.00 × 0.5 = 10.00 → 10.99 under the market's .99 rule.
    expect(product.json()).toMatchObject({ currency: 'EUR', price: 1099 });
  });

  it("a product's fixed prices in a market replace the conversion", async () => {
    const { db } = suite.ctx;
    const product = await createProduct(db, { slug: 'fixed', price: 2000 });
    const { values } = await createOption(db, product.id, 'size', ['S']);
    const variant = await createVariant(db, product.id, [values[0]!.id], { price: 2000 });
    const list = (await call(staff, 'GET', '/api/admin/markets')).json() as MarketList;
    const eu = list.items.find((m) => m.handle === 'eu')!;
    const url = `/api/admin/markets/${eu.id}/prices/${product.id}`;
    const other = await createProduct(db);
    const wrong = await call(manager, 'PUT', url, {
      items: [{ variant_id: (await createVariant(db, other.id, [])).id, price: 1, sale_price: null }],
    });
    expect(wrong.statusCode).toBe(400);
    const res = await call(manager, 'PUT', url, {
      items: [{ variant_id: variant.id, price: 1500, sale_price: 1200 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      currency: 'EUR',
      items: [{ variant_id: variant.id, price: 1500, sale_price: 1200 }],
    });
    const page = await suite.ctx.app.inject({ method: 'GET', url: '/api/products/fixed?market=eu' });
    expect(page.json().variants[0]).toMatchObject({ price: 1500, sale_price: 1200 });
    expect((await call(staff, 'GET', url)).json().items).toHaveLength(1);
  });

  it('the storefront site lists the active markets, base first', async () => {
    const site = await suite.ctx.app.inject({ method: 'GET', url: '/api/storefront/site' });
    expect(site.json().markets.map((m: { handle: string }) => m.handle)).toEqual(['us', 'eu']);
    expect(site.json().markets[1]).toEqual({
      handle: 'eu',
      name: 'European Union',
      countries: ['DE', 'FR', 'ES'],
      currency: 'EUR',
      languages: ['de', 'fr', 'es'],
      is_base: false,
      weight_unit: 'kg',
    });
  });

  it('deleting a market takes its fixed prices with it', async () => {
    const list = (await call(staff, 'GET', '/api/admin/markets')).json() as MarketList;
    const eu = list.items.find((m) => m.handle === 'eu')!;
    expect((await call(manager, 'DELETE', `/api/admin/markets/${eu.id}`)).statusCode).toBe(200);
    const after = await suite.ctx.app.inject({ method: 'GET', url: '/api/products?market=eu' });
    expect(after.statusCode).toBe(400);
  });
});
