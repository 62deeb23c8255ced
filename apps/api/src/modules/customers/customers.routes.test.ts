import { randomUUID } from 'node:crypto';
import type { CustomerDetail, CustomerList } from '@cartwheel/shared/contracts/customers';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder } from '../../../test/factories.ts';
import { getAs, okJson } from '../../../test/requests.ts';
import { signUp, signUpAs, type TestUser } from '../../../test/sessions.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { profiles } from '../../db/schema.ts';

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
