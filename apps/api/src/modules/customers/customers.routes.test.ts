import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { CustomerDetail, CustomerList } from '@cartwheel/shared/contracts/customers';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder } from '../../../test/factories.ts';
import { getAs, okJson } from '../../../test/requests.ts';
import { signUp, signUpAs, type TestUser } from '../../../test/sessions.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { queryRows } from '../../db/client.ts';
import { guestCustomers, orders, profiles } from '../../db/schema.ts';

let ctx: TestContext;
let staff: TestUser;
let ada: TestUser;
let bo: TestUser;
let cy: TestUser;

async function customer(first: string, last: string): Promise<TestUser> {
  const user = await signUp(ctx.app);
  await ctx.db.update(profiles).set({ firstName: first, lastName: last }).where(eq(profiles.id, user.id));
  return user;
}

beforeAll(async () => {
  ctx = await createTestApp();
  staff = await signUpAs(ctx.app, ctx.db, 'staff');
  ada = await customer('Ada', 'Lovelace');
  bo = await customer('Bo', 'Diddley');
  cy = await customer('', '');
  // [customer, payment status, status, day placed, line price]. Neither a cancelled nor an unpaid
  // order adds to what Ada spent; the unpaid one that went nowhere is not a placed order at all.
  const placed = [
    [ada, 'paid', 'delivered', '2026-05-01', 4000],
    [ada, 'paid', 'processing', '2026-06-01', 2000],
    [ada, 'refunded', 'cancelled', '2026-06-02', 9000],
    [ada, 'unpaid', 'pending', '2026-06-03', 700],
    [bo, 'paid', 'shipped', '2026-04-01', 10_000],
  ] as const;
  for (const [user, paymentStatus, status, day, price] of placed) {
    await createOrder(
      ctx.db,
      {
        customerId: user.id,
        customerEmail: user.email,
        paymentStatus,
        status,
        createdAt: new Date(`${day}T10:00:00Z`),
      },
      [{ pricePerItem: price }],
    );
  }
});
afterAll(async () => ctx?.close());

const get = (url: string) => getAs(ctx.app, staff.cookie, url);
const list = async (query = '') => okJson<CustomerList>(await get(`/api/admin/customers?${query}`));

describe('GET /api/admin/customers', () => {
  it('lists customers only, with order count, total spent and last order', async () => {
    const result = await list();
    expect(result.total).toBe(3);
    expect(result.items.map((c) => c.id)).not.toContain(staff.id);
    const byId = Object.fromEntries(result.items.map((c) => [c.id, c]));
    expect(byId[ada.id]).toMatchObject({
      name: 'Ada Lovelace',
      email: ada.email,
      order_count: 3,
      total_spent: 6000,
      last_order_at: '2026-06-02T10:00:00.000Z',
    });
    expect(byId[bo.id]).toMatchObject({ order_count: 1, total_spent: 10_000 });
    expect(byId[cy.id]).toMatchObject({
      name: cy.email,
      order_count: 0,
      total_spent: 0,
      last_order_at: null,
    });
  });

  it('searches by name or email, case-insensitively', async () => {
    expect((await list('search=LOVELACE')).items.map((c) => c.id)).toEqual([ada.id]);
    expect((await list('search=ada%20love')).items.map((c) => c.id)).toEqual([ada.id]);
    expect(
      (await list(`search=${encodeURIComponent(bo.email.toUpperCase())}`)).items.map((c) => c.id),
    ).toEqual([bo.id]);
    expect((await list('search=nobody')).total).toBe(0);
  });

  it('sorts by total spent and by last order', async () => {
    expect((await list('sort=total_spent&dir=desc')).items.map((c) => c.id)).toEqual([bo.id, ada.id, cy.id]);
    expect((await list('sort=last_order_at&dir=desc')).items.map((c) => c.id)).toEqual([
      ada.id,
      bo.id,
      cy.id,
    ]);
  });

  it('pages with 10 to 50 rows', async () => {
    expect((await get('/api/admin/customers?limit=5')).statusCode).toBe(400);
    const page = await list('limit=10&page=2');
    expect(page).toMatchObject({ items: [], total: 3, page: 2, limit: 10 });
  });
});

describe('GET /api/admin/customers/:customerId', () => {
  it('returns the profile, figures and every placed order newest first', async () => {
    const detail = okJson<CustomerDetail>(await get(`/api/admin/customers/${ada.id}`));
    expect(detail).toMatchObject({
      id: ada.id,
      first_name: 'Ada',
      order_count: 3,
      total_spent: 6000,
      average_order: 3000,
    });
    expect(detail.orders.map((o) => o.created_at)).toEqual([
      '2026-06-02T10:00:00.000Z',
      '2026-06-01T10:00:00.000Z',
      '2026-05-01T10:00:00.000Z',
    ]);
    expect(detail.orders[0]!.customer.id).toBe(ada.id);
  });

  it('answers 404 for an unknown id and for a staff member', async () => {
    for (const id of [randomUUID(), staff.id]) {
      const res = await get(`/api/admin/customers/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({ code: 'customer_not_found', message: 'Customer not found' });
    }
  });
});

describe('guests who bought (decision 0081)', () => {
  const guestOrder = (email: string, first: string, day: string, price: number, paymentStatus = 'paid') =>
    createOrder(
      ctx.db,
      {
        customerId: null,
        customerEmail: email,
        customerFirstName: first,
        customerLastName: 'Guest',
        paymentStatus: paymentStatus as 'paid',
        status: 'processing',
        createdAt: new Date(`${day}T10:00:00Z`),
      },
      [{ pricePerItem: price }],
    );
  const guestRow = async (email: string) => (await list(`search=${encodeURIComponent(email)}`)).items;

  it('lists a guest once per email, without an account, with their orders and total spent', async () => {
    await guestOrder('Gina.Guest@Example.org', 'Gina', '2026-07-01', 2500);
    await guestOrder('gina.guest@example.org', 'Georgina', '2026-07-05', 1500);
    const [gina] = await guestRow('gina.guest@example.org');
    expect(gina).toMatchObject({
      email: 'gina.guest@example.org',
      name: 'Georgina Guest',
      has_account: false,
      order_count: 2,
      total_spent: 4000,
      last_order_at: '2026-07-05T10:00:00.000Z',
      created_at: '2026-07-01T10:00:00.000Z',
    });
    const detail = okJson<CustomerDetail>(await get(`/api/admin/customers/${gina!.id}`));
    expect(detail).toMatchObject({
      has_account: false,
      has_password: false,
      total_spent: 4000,
      average_order: 2000,
    });
    expect(detail.orders.map((o) => o.created_at)).toEqual([
      '2026-07-05T10:00:00.000Z',
      '2026-07-01T10:00:00.000Z',
    ]);
    // Accounts say they are; their figures are unchanged by guests' orders.
    expect((await guestRow(ada.email))[0]).toMatchObject({ has_account: true, total_spent: 6000 });
  });

  it('stops listing the guest once their orders join an account', async () => {
    await guestOrder('joined@example.org', 'Jo', '2026-07-02', 900);
    expect(await guestRow('joined@example.org')).toHaveLength(1);
    const account = await customer('Jo', 'Joined');
    await ctx.db
      .update(orders)
      .set({ customerId: account.id })
      .where(sql`lower(${orders.customerEmail}) = 'joined@example.org'`);
    expect(await guestRow('joined@example.org')).toEqual([]);
    expect((await guestRow(account.email))[0]).toMatchObject({ has_account: true, order_count: 1 });
  });

  it('does not list a guest whose only order was never paid and went nowhere', async () => {
    await createOrder(ctx.db, {
      customerId: null,
      customerEmail: 'abandoned@example.org',
      paymentStatus: 'unpaid',
      status: 'pending',
    });
    expect(await guestRow('abandoned@example.org')).toEqual([]);
  });

  it("the migration's backfill makes one record per guest email from the orders placed before it", async () => {
    const migration = readFileSync(
      new URL('../../db/migrations/0070_polish2_guest_customers.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration.split('--> statement-breakpoint').at(-1)!;
    await ctx.db.delete(guestCustomers);
    await ctx.db.execute(sql.raw(backfill));
    const rows = await queryRows<{ email: string; first_name: string; created_at: Date }>(
      ctx.db,
      sql`SELECT email, first_name, created_at FROM guest_customers WHERE email = 'gina.guest@example.org'`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.first_name).toBe('Georgina');
    expect(new Date(rows[0]!.created_at).toISOString()).toBe('2026-07-01T10:00:00.000Z');
    expect((await guestRow('gina.guest@example.org'))[0]).toMatchObject({
      order_count: 2,
      total_spent: 4000,
    });
  });
});

describe('GET /api/admin/customers/export', () => {
  it('is a CSV of the searched customers with total spent in the base currency, for managers', async () => {
    expect((await get('/api/admin/customers/export')).statusCode).toBe(403);
    const manager = await signUpAs(ctx.app, ctx.db, 'manager');
    const res = await getAs(ctx.app, manager.cookie, '/api/admin/customers/export?search=Lovelace');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="customers-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...rows] = res.body.trim().split('\n');
    expect(header).toBe(
      'email,first_name,last_name,created_at,order_count,total_spent,currency,last_order_at',
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatch(new RegExp(`^${ada.email},Ada,Lovelace,[^,]+,3,60\\.00,USD,`));
  });
});
