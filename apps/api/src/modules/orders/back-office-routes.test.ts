import { randomUUID } from 'node:crypto';
import { ROLE_PERMISSIONS } from '@cartwheel/shared/permissions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAs } from '../../../test/sessions.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { ADMIN_ROUTE_PERMISSIONS } from '../accounts/admin-access.ts';

// The role matrix (admin-access.test.ts) proves who may call each admin route; this proves that
// the orders, customers, dashboard and search routes answer an allowed caller's junk with a 4xx,
// never a 500: random ids, empty bodies, no query.
const MINE = /^[A-Z]+ \/api\/admin\/(orders|customers|dashboard|search)\b/;
const routes = Object.keys(ADMIN_ROUTE_PERMISSIONS).filter((key) => MINE.test(key));

let ctx: TestContext;
let cookie: string;

beforeAll(async () => {
  ctx = await createTestApp();
  cookie = (await signUpAs(ctx.app, ctx.db, 'staff')).cookie;
});
afterAll(async () => ctx?.close());

describe('back-office order, customer, dashboard and search routes', () => {
  it("are all open to staff, except refunds, the customer export, giving store credit and setting a customer's wholesale group", () => {
    expect(routes).toHaveLength(30);
    const managers = [
      'POST /api/admin/orders/:orderId/refunds',
      'GET /api/admin/customers/export',
      'POST /api/admin/customers/:customerId/store-credit',
      'PUT /api/admin/customers/:customerId/wholesale',
    ];
    for (const key of routes) {
      const permission = ADMIN_ROUTE_PERMISSIONS[key]!;
      const staffMay = permission !== 'member' && ROLE_PERMISSIONS.staff.includes(permission);
      expect(staffMay, key).toBe(!managers.includes(key));
    }
  });

  // Staff calling the refunds route get a 403: still a 4xx, as the test asks.
  it.each(routes)('%s answers random ids and an empty body without a server error', async (key) => {
    const [method, path] = key.split(' ') as [string, string];
    const res = await ctx.app.inject({
      method: method as 'GET',
      url: path.replace(/:[A-Za-z]+/g, randomUUID()),
      headers: { cookie },
      ...(method === 'GET' ? {} : { payload: {} }),
    });
    expect(res.statusCode, res.body).toBeLessThan(500);
    if (path.includes(':')) expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
  });
});
