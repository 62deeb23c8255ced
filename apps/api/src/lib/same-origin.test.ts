import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appPerFile } from '../../test/commerce-app.ts';
import { createOrder, createProduct } from '../../test/factories.ts';
import { signUpAs, type TestUser } from '../../test/sessions.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { queryRows } from '../db/client.ts';
import { requestOrigin } from './same-origin.ts';

const SHOP = 'http://localhost:3000';
const EVIL = 'https://evil.example';

// The import the probe sent: the first product's price to a cent, and a new published product.
const csvFor = (sku: string) =>
  `sku,name,price,status\n${sku},Cheap now,0.01,active\nEVIL-1,Planted product,1.00,active\n`;

describe('cross-site writes', () => {
  const suite = appPerFile();
  let manager: TestUser;
  let productCount: () => Promise<number>;
  const priceOf = async (id: string) => {
    const [row] = await queryRows<{ price: number }>(
      suite.ctx.db,
      sql`SELECT price FROM products WHERE id = ${id}`,
    );
    return row!.price;
  };

  beforeAll(async () => {
    manager = await signUpAs(suite.ctx.app, suite.ctx.db, 'manager');
    productCount = async () => {
      const [row] = await queryRows<{ n: number }>(
        suite.ctx.db,
        sql`SELECT count(*)::int AS n FROM products`,
      );
      return row!.n;
    };
  });

  const write = (
    method: 'POST' | 'PATCH' | 'DELETE',
    url: string,
    headers: Record<string, string | undefined>,
    payload?: string,
  ) => suite.ctx.app.inject({ method, url, headers: { cookie: manager.cookie, ...headers }, payload });

  it('refuses a CSV import from a foreign Origin, as text/plain or text/csv, and imports nothing', async () => {
    const product = await createProduct(suite.ctx.db, { price: 2500 });
    const before = await productCount();
    for (const type of ['text/plain', 'text/csv']) {
      const res = await write(
        'POST',
        '/api/admin/products/import',
        { origin: EVIL, 'content-type': type },
        csvFor(product.sku),
      );
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json()).toMatchObject({ error: { code: 'cross_site_request' } });
    }
    expect(await productCount()).toBe(before);
    expect(await priceOf(product.id)).toBe(2500);
  });

  it('refuses a text/plain body from the shop itself with 415 (JSON routes take JSON; the import takes text/csv)', async () => {
    const product = await createProduct(suite.ctx.db, { price: 2500 });
    const before = await productCount();
    const plain = await write(
      'POST',
      '/api/admin/products/import',
      { origin: SHOP, 'content-type': 'text/plain' },
      csvFor(product.sku),
    );
    expect(plain.statusCode, plain.body).toBe(415);
    const json = await write(
      'PATCH',
      `/api/admin/products/${product.id}`,
      { origin: SHOP, 'content-type': 'text/plain' },
      '{"price":1}',
    );
    expect(json.statusCode, json.body).toBe(415);
    expect(await productCount()).toBe(before);
    expect(await priceOf(product.id)).toBe(2500);
    // The same import as text/csv from the shop's own page works.
    const csv = await write(
      'POST',
      '/api/admin/products/import?dry_run=true',
      { origin: SHOP, 'content-type': 'text/csv' },
      csvFor(product.sku),
    );
    expect(csv.statusCode, csv.body).toBe(200);
  });

  it('refuses bodiless writes (cancel, duplicate) from a foreign Origin, a sibling port, or with no Origin or Referer', async () => {
    const product = await createProduct(suite.ctx.db);
    const { order } = await createOrder(suite.ctx.db, { status: 'processing', paymentStatus: 'paid' }, [
      { product },
    ]);
    const before = await productCount();
    for (const headers of [
      { origin: EVIL },
      { origin: 'http://localhost:3001' },
      { origin: 'null' },
      { origin: undefined },
      { origin: undefined, referer: `${EVIL}/admin/orders` },
    ]) {
      const cancel = await write('POST', `/api/admin/orders/${order.id}/cancel`, headers);
      expect(cancel.statusCode, JSON.stringify(headers)).toBe(403);
      const duplicate = await write('POST', `/api/admin/products/${product.id}/duplicate`, headers);
      expect(duplicate.statusCode, JSON.stringify(headers)).toBe(403);
    }
    const [row] = await queryRows<{ status: string }>(
      suite.ctx.db,
      sql`SELECT status FROM orders WHERE id = ${order.id}`,
    );
    expect(row!.status).toBe('processing');
    expect(await productCount()).toBe(before);

    // A Referer from the shop's own page stands in for a missing Origin.
    const ok = await write('POST', `/api/admin/products/${product.id}/duplicate`, {
      origin: undefined,
      referer: `${SHOP}/admin/products`,
    });
    expect(ok.statusCode, ok.body).toBeLessThan(300);
    expect(await productCount()).toBe(before + 1);
  });

  it('lets reads through from anywhere, and shoppers write from the shop', async () => {
    const read = await suite.ctx.app.inject({
      method: 'GET',
      url: '/api/products',
      headers: { origin: EVIL },
    });
    expect(read.statusCode).toBe(200);
    const shopper = await signUpAs(suite.ctx.app, suite.ctx.db, 'customer');
    const product = await createProduct(suite.ctx.db);
    const add = (origin: string) =>
      suite.ctx.app.inject({
        method: 'POST',
        url: '/api/cart/items',
        headers: { cookie: shopper.cookie, origin },
        payload: { product_id: product.id, quantity: 1 },
      });
    expect((await add(EVIL)).statusCode).toBe(403);
    expect((await add(SHOP)).statusCode).toBeLessThan(300);
  });
});

describe('trusted origins', () => {
  it('are PUBLIC_URL, TRUSTED_ORIGINS, and localhost outside production only', () => {
    const prod = loadConfig({
      NODE_ENV: 'production',
      AUTH_SECRET: 'x'.repeat(32),
      ALLOW_TEST_PAYMENTS: 'true',
      PUBLIC_URL: 'https://shop.example/',
      TRUSTED_ORIGINS: 'https://admin.shop.example, https://shop.example',
    });
    expect(prod.trustedOrigins).toEqual(['https://shop.example', 'https://admin.shop.example']);
    const dev = loadConfig({ NODE_ENV: 'development', PORT: '3000' });
    expect(dev.trustedOrigins).toContain('http://127.0.0.1:3000');
  });

  it('refuses a TRUSTED_ORIGINS entry that is not an origin', () => {
    expect(() => loadConfig({ TRUSTED_ORIGINS: 'https://shop.example/admin' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUSTED_ORIGINS: 'shop.example' })).toThrow(/TRUSTED_ORIGINS/);
  });

  it('reads Origin first, then Referer; "null" and junk count as none', () => {
    expect(requestOrigin({ origin: 'https://a.example', referer: 'https://b.example/x' })).toBe(
      'https://a.example',
    );
    expect(requestOrigin({ referer: 'https://b.example/x?y=1' })).toBe('https://b.example');
    expect(requestOrigin({ origin: 'null', referer: 'https://b.example/x' })).toBeNull();
    expect(requestOrigin({ referer: 'javascript:alert(1)' })).toBeNull();
    expect(requestOrigin({})).toBeNull();
  });
});
