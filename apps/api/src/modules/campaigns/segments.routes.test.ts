import type { SegmentFilters } from '@cartwheel/shared/contracts/campaigns';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appWithAdminPerFile } from '../../../test/commerce-app.ts';
import { createCustomer, createOrder, createProduct } from '../../../test/factories.ts';
import { sendAs } from '../../../test/requests.ts';
import { signUpAs } from '../../../test/sessions.ts';
import { queryRows } from '../../db/client.ts';

const suite = appWithAdminPerFile();
const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  sendAs(suite.ctx.app, suite.admin.cookie, method, url, payload);

const ids: Record<string, string> = {};
/** The products by name: the cases below are written before the products exist. */
const products: Record<string, string> = {};

const day = (iso: string) => new Date(`${iso}T12:00:00Z`);
const paid = { status: 'processing', paymentStatus: 'paid' } as const;

/**
 * Four customers, each with an email starting `seg-`:
 * - ann: an account, consented, tagged VIP, two paid orders to the US ($300 in all, the last on 10 March), bought the lamp
 * - bob: an account, not consented, tagged "wholesale", no orders
 * - cat: a guest, ticked the box on her one order to Germany ($50 on 5 January), bought the vase
 * - dan: a guest who ticked the box once and not on his newest order (to GB, $120 on 20 February)
 */
beforeAll(async () => {
  const lampProduct = await createProduct(suite.ctx.db, { name: 'Seg Lamp', price: 10000 });
  const vaseProduct = await createProduct(suite.ctx.db, { name: 'Seg Vase', price: 5000 });
  products.lamp = lampProduct.id;
  products.vase = vaseProduct.id;
  const ann = await createCustomer(suite.ctx.db, { email: 'seg-ann@example.com' });
  const bob = await createCustomer(suite.ctx.db, { email: 'seg-bob@example.com' });
  ids.ann = ann.id;
  ids.bob = bob.id;
  await suite.ctx.db.execute(sql`UPDATE profiles SET marketing_opt_in = true WHERE id = ${ann.id}`);
  await createOrder(
    suite.ctx.db,
    { ...paid, customerId: ann.id, customerEmail: ann.email, createdAt: day('2026-02-01') },
    [{ product: lampProduct, quantity: 2 }],
  );
  await createOrder(
    suite.ctx.db,
    { ...paid, customerId: ann.id, customerEmail: ann.email, createdAt: day('2026-03-10') },
    [{ product: lampProduct }],
  );
  await createOrder(
    suite.ctx.db,
    {
      ...paid,
      customerEmail: 'seg-cat@example.com',
      marketingOptIn: true,
      createdAt: day('2026-01-05'),
      shippingAddress: {
        first_name: 'Cat',
        last_name: 'C',
        address_line_1: '1 Weg',
        city: 'Berlin',
        postal_code: '10115',
        country: 'DE',
      },
    },
    [{ product: vaseProduct }],
  );
  const gb = {
    first_name: 'Dan',
    last_name: 'D',
    address_line_1: '1 Row',
    city: 'Leeds',
    postal_code: 'LS1',
    country: 'GB',
  };
  await createOrder(
    suite.ctx.db,
    {
      ...paid,
      customerEmail: 'seg-dan@example.com',
      marketingOptIn: true,
      createdAt: day('2026-01-10'),
      shippingAddress: gb,
    },
    [{ pricePerItem: 2000 }],
  );
  await createOrder(
    suite.ctx.db,
    {
      ...paid,
      customerEmail: 'seg-dan@example.com',
      marketingOptIn: false,
      createdAt: day('2026-02-20'),
      shippingAddress: gb,
    },
    [{ pricePerItem: 10000 }],
  );
  const [cat] = await queryRows<{ id: string }>(
    suite.ctx.db,
    sql`SELECT id FROM guest_customers WHERE email = 'seg-cat@example.com'`,
  );
  ids.cat = cat!.id;
  expect((await admin('PUT', `/api/admin/customers/${ann.id}/tags`, { tags: ['VIP'] })).statusCode).toBe(200);
  expect(
    (await admin('PUT', `/api/admin/customers/${bob.id}/tags`, { tags: ['wholesale'] })).statusCode,
  ).toBe(200);
});

/** The fixture's customers a segment selects, by first name. */
async function selected(filters: SegmentFilters): Promise<string[]> {
  const ids = filters.product_ids?.map((name) => products[name]);
  const res = await admin('POST', '/api/admin/segments/preview', {
    filters: { ...filters, product_ids: ids },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json()
    .sample.map((c: { email: string }) => c.email)
    .filter((email: string) => email.startsWith('seg-'))
    .map((email: string) => email.slice(4, 7))
    .sort();
}

describe('segment filters', () => {
  const cases: Array<{ name: string; filters: SegmentFilters; expected: string[] }> = [
    { name: 'no filter: everyone', filters: {}, expected: ['ann', 'bob', 'cat', 'dan'] },
    {
      name: 'spent at least $100 (base currency)',
      filters: { total_spent_min: 10000 },
      expected: ['ann', 'dan'],
    },
    { name: 'spent at most $100', filters: { total_spent_max: 10000 }, expected: ['bob', 'cat'] },
    { name: 'two orders or more', filters: { order_count_min: 2 }, expected: ['ann', 'dan'] },
    { name: 'no orders', filters: { order_count_max: 0 }, expected: ['bob'] },
    {
      name: 'last order from 1 February',
      filters: { last_order_from: '2026-02-01' },
      expected: ['ann', 'dan'],
    },
    {
      name: 'last order up to 20 February',
      filters: { last_order_to: '2026-02-20' },
      expected: ['cat', 'dan'],
    },
    { name: 'shipped to Germany or Britain', filters: { countries: ['de', 'GB'] }, expected: ['cat', 'dan'] },
    { name: 'tagged vip (any case)', filters: { tags: ['vip'] }, expected: ['ann'] },
    { name: 'tagged vip or wholesale', filters: { tags: ['vip', 'Wholesale'] }, expected: ['ann', 'bob'] },
    {
      name: 'consented (a guest by the newest order)',
      filters: { marketing_consent: true },
      expected: ['ann', 'cat'],
    },
    { name: 'not consented', filters: { marketing_consent: false }, expected: ['bob', 'dan'] },
    { name: 'bought the lamp', filters: { product_ids: ['lamp'] }, expected: ['ann'] },
    {
      name: 'bought the lamp or the vase',
      filters: { product_ids: ['lamp', 'vase'] },
      expected: ['ann', 'cat'],
    },
    {
      name: 'all together: consented US buyers of the lamp who spent $200+',
      filters: { marketing_consent: true, countries: ['US'], product_ids: ['lamp'], total_spent_min: 20000 },
      expected: ['ann'],
    },
    { name: 'a tag nobody has', filters: { tags: ["x' OR 1=1 --"] }, expected: [] },
  ];

  it.each(cases)('$name', async ({ filters, expected }) => {
    expect(await selected(filters)).toEqual(expected);
  });

  it('saves a segment with its counts: customers, and those a campaign would go to', async () => {
    const res = await admin('POST', '/api/admin/segments', {
      name: 'Lamp and vase buyers',
      filters: { product_ids: [products.lamp, products.vase] },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Lamp and vase buyers', customer_count: 2, consented_count: 2 });
    const list = (await admin('GET', '/api/admin/segments')).json().items;
    expect(list.map((s: { id: string }) => s.id)).toContain(res.json().id);
  });

  it('refuses unknown filters, bad values and upside-down ranges with 400, and writes nothing', async () => {
    const count = async () =>
      (await queryRows<{ n: number }>(suite.ctx.db, sql`SELECT count(*)::int AS n FROM segments`))[0]!.n;
    const before = await count();
    const bad: unknown[] = [
      { name: 'x', filters: { sql: 'DROP TABLE users' } },
      { name: 'x', filters: { total_spent_min: -1 } },
      { name: 'x', filters: { countries: ['Germany'] } },
      { name: 'x', filters: { product_ids: ['not-a-uuid'] } },
      { name: 'x', filters: { last_order_from: '10/03/2026' } },
      { name: 'x', filters: { order_count_min: 3, order_count_max: 1 } },
      { name: '', filters: {} },
    ];
    for (const body of bad) {
      const res = await admin('POST', '/api/admin/segments', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toBeTruthy();
    }
    const range = await admin('POST', '/api/admin/segments', {
      name: 'x',
      filters: { total_spent_min: 5, total_spent_max: 1 },
    });
    expect(range.json().error.message).toBe('The lower bound must not be above the upper bound');
    expect(await count()).toBe(before);
  });
});

describe('customer tags', () => {
  it('are edited on a customer (a guest too), shown on the page and filter the list', async () => {
    const res = await admin('PUT', `/api/admin/customers/${ids.cat}/tags`, {
      tags: [' Berlin ', 'berlin', 'Newsletter'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ tags: ['Berlin', 'Newsletter'] });
    expect((await admin('GET', `/api/admin/customers/${ids.cat}`)).json().tags).toEqual([
      'Berlin',
      'Newsletter',
    ]);
    const list = (await admin('GET', '/api/admin/customers?tag=berlin')).json();
    expect(list.items.map((c: { email: string }) => c.email)).toEqual(['seg-cat@example.com']);
    const all = (await admin('GET', '/api/admin/customers/tags')).json().items;
    expect(all).toEqual(
      expect.arrayContaining([
        { tag: 'Berlin', customers: 1 },
        { tag: 'VIP', customers: 1 },
      ]),
    );
  });

  it('refuse a tag over 40 characters and an unknown customer, and change nothing', async () => {
    const long = await admin('PUT', `/api/admin/customers/${ids.ann}/tags`, { tags: ['x'.repeat(41)] });
    expect(long.statusCode).toBe(400);
    const unknown = await admin('PUT', '/api/admin/customers/00000000-0000-4000-8000-000000000000/tags', {
      tags: ['a'],
    });
    expect(unknown.statusCode).toBe(404);
    expect((await admin('GET', `/api/admin/customers/${ids.ann}`)).json().tags).toEqual(['VIP']);
  });

  it('are changed by those who may write customers; staff only read them', async () => {
    const staff = await signUpAs(suite.ctx.app, suite.ctx.db, 'staff');
    const readOnly = await admin('POST', '/api/admin/roles', {
      name: 'Readers',
      permissions: ['customers.read'],
    });
    expect(readOnly.statusCode, readOnly.body).toBe(201);
    const reader = await signUpAs(suite.ctx.app, suite.ctx.db, 'staff');
    await admin('PUT', `/api/admin/team/${reader.id}`, { role: 'staff', staff_role_id: readOnly.json().id });
    const put = (cookie: string) =>
      sendAs(suite.ctx.app, cookie, 'PUT', `/api/admin/customers/${ids.bob}/tags`, { tags: ['changed'] });
    expect((await put(reader.cookie)).statusCode).toBe(403);
    expect((await sendAs(suite.ctx.app, staff.cookie, 'GET', '/api/admin/segments')).statusCode).toBe(403);
    expect((await admin('GET', `/api/admin/customers/${ids.bob}`)).json().tags).toEqual(['wholesale']);
    expect((await put(staff.cookie)).statusCode).toBe(200);
  });
});
