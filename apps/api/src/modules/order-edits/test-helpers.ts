import { eq } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import { appWithAdminPerFile } from '../../../test/commerce-app.ts';
import { addCartItem, createProduct } from '../../../test/factories.ts';
import { signUp, signUpAs, type TestUser } from '../../../test/sessions.ts';
import { orders } from '../../db/schema.ts';
import { completeCheckout, payLocal, sessionIdFromUrl } from '../checkout/test-helpers.ts';
import { addMarket } from '../markets/test-helpers.ts';
import { adminCall } from '../pricing/quote-test-helpers.ts';

/**
 * The shop the order-edit tests edit in, one app per test file: a mug, a lamp and a last vase, US
 * shipping (Standard free over $50, Express), 8.25% US tax, the code TEN and a euro market; staff and
 * a manager. Orders are placed and paid through the checkout; edits go through the admin routes.
 */
export function editShop() {
  const suite = appWithAdminPerFile();
  const ids = { mug: '', lamp: '', scarce: '', standard: '', express: '' };
  const users = {} as { staff: TestUser; manager: TestUser };

  const US = {
    email: 'buyer@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    address: '1 Main St',
    city: 'Portland',
    postalCode: '97201',
    country: 'US',
    state: 'OR',
  };

  beforeAll(async () => {
    const { db } = suite.ctx;
    ids.mug = (await createProduct(db, { name: 'Mug', price: 1250, inventoryLevel: 500 })).id;
    ids.lamp = (await createProduct(db, { name: 'Desk Lamp', price: 3000, inventoryLevel: 100 })).id;
    ids.scarce = (await createProduct(db, { name: 'Last Vase', price: 4000, inventoryLevel: 1 })).id;
    const us = await adminCall(suite, 'POST', '/api/admin/shipping/zones', {
      name: 'United States',
      countries: ['US'],
      methods: [
        { name: 'Standard', kind: 'free_over', amount_cents: 599, free_over_cents: 5000 },
        { name: 'Express', kind: 'flat', amount_cents: 1499 },
      ],
    });
    [ids.standard, ids.express] = us.methods.map((m: { id: string }) => m.id);
    await adminCall(suite, 'PUT', '/api/admin/shipping/taxes/US', {
      rates: [{ name: 'Sales tax', rate_bps: 825 }],
    });
    await adminCall(suite, 'POST', '/api/admin/discounts', {
      title: 'Ten percent',
      code: 'TEN',
      kind: 'percentage',
      percent_bps: 1000,
    });
    await addMarket(db, { handle: 'eu', currency: 'EUR', rate: '0.92', rounding: 'x.99' });
    users.staff = await signUpAs(suite.ctx.app, db, 'staff');
    users.manager = await signUpAs(suite.ctx.app, db, 'manager');
  });

  /** An order placed and paid through the checkout (local provider) with the code TEN. */
  async function paidOrder(lines: Array<[string, number]>, market?: string) {
    const { app, db } = suite.ctx;
    const buyer = await signUp(app);
    for (const [id, quantity] of lines) await addCartItem(db, buyer.id, id, quantity);
    const res = await app.inject({
      method: 'POST',
      url: '/api/checkout/sessions',
      headers: { cookie: buyer.cookie },
      payload: {
        // An email of its own: the outbox is read by recipient.
        customer_info: { ...US, email: `buyer-${crypto.randomUUID()}@example.com` },
        shipping_method_id: ids.standard,
        discount_code: 'TEN',
        ...(market ? { market } : {}),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const sessionId = sessionIdFromUrl(res.json().url);
    expect((await payLocal(app, sessionId)).statusCode).toBe(303);
    expect((await completeCheckout(app, buyer.cookie, sessionId)).statusCode).toBe(200);
    const [order] = await db.select().from(orders).where(eq(orders.paymentSessionId, sessionId));
    return { order: order!, buyer };
  }

  const call = (who: TestUser, method: 'GET' | 'POST', url: string, payload?: object) =>
    suite.ctx.app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload ? { payload } : {}) });
  const preview = (orderId: string, body: object, who: TestUser = users.manager) =>
    call(who, 'POST', `/api/admin/orders/${orderId}/edits/preview`, body);
  const commit = (orderId: string, body: object, who: TestUser = users.manager) =>
    call(who, 'POST', `/api/admin/orders/${orderId}/edits`, body);

  return { suite, ids, users, paidOrder, call, preview, commit };
}
