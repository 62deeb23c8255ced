import type { AdminReturnDetail, CustomerReturn, OrderReturns } from '@cartwheel/shared/contracts/returns';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appWithAdminPerFile } from '../../../test/commerce-app.ts';
import { getAs, sendAs } from '../../../test/requests.ts';
import { signUp, signUpAs, type TestUser } from '../../../test/sessions.ts';
import { queryRows } from '../../db/client.ts';
import { auditLog, orders } from '../../db/schema.ts';
import { createOrderLink } from '../order-links/order-links.ts';
import { deliveredOrder, emailsOf, returnCount, setReturnSettings, stockOf } from './test-helpers.ts';

// Returns the shopper starts: the window, final sale, quantities, who may see what, and the whole
// flow from the request to the refund (docs/decisions/0086-returns.md).
const suite = appWithAdminPerFile();
let staff: TestUser;
let manager: TestUser;

beforeAll(async () => {
  staff = await signUpAs(suite.ctx.app, suite.ctx.db, 'staff');
  manager = await signUpAs(suite.ctx.app, suite.ctx.db, 'manager');
  await setReturnSettings(suite.ctx.app, suite.admin);
});

const returnsUrl = (orderId: string) => `/api/account/orders/${orderId}/returns`;
const ask = (who: TestUser, orderId: string, payload: object) =>
  sendAs(suite.ctx.app, who.cookie, 'POST', returnsUrl(orderId), payload);
const act = (who: TestUser, returnId: string, what: string, payload: object = {}) =>
  sendAs(suite.ctx.app, who.cookie, 'POST', `/api/admin/returns/${returnId}/${what}`, payload);

async function shopperWithOrder(options: { deliver?: boolean } = {}) {
  const shopper = await signUp(suite.ctx.app);
  const order = await deliveredOrder(suite.ctx.app, suite.ctx.db, staff, shopper, options);
  return { shopper, ...order };
}

describe('a return from the request to the refund', () => {
  it('restocks what staff say, refunds the units to the original payment, and every email and sum agrees', async () => {
    const { app, db } = suite.ctx;
    const { shopper, order, lampLine, lamp } = await shopperWithOrder();
    const options = (await getAs(app, shopper.cookie, returnsUrl(order.id))).json() as OrderReturns;
    expect(options.window_days).toBe(30);
    // Lines come in the order's own order (created, then name): the factory's names are random.
    const returnable = (id: string) => options.lines.find((l) => l.order_item_id === id);
    expect(options.lines).toHaveLength(2);
    expect(returnable(lampLine.id)).toMatchObject({ returnable_quantity: 3, not_returnable: null });
    expect(options.lines.find((l) => l.order_item_id !== lampLine.id)).toMatchObject({
      returnable_quantity: 1,
      not_returnable: null,
    });

    const asked = await ask(shopper, order.id, {
      items: [{ order_item_id: lampLine.id, quantity: 2, reason: 'too_small' }],
      note: '  A size up, please.  ',
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const made = asked.json() as CustomerReturn;
    expect(made).toMatchObject({ status: 'requested', note: 'A size up, please.' });
    expect(made.rma).toMatch(/^R\d{4,}$/);
    expect((await emailsOf(db, 'return_requested', shopper.email))[0]?.subject).toBe(
      `Your return request ${made.rma} for order #${order.orderNumber}`,
    );
    const after = (await getAs(app, shopper.cookie, returnsUrl(order.id))).json() as OrderReturns;
    expect(after.lines[0]!.returnable_quantity).toBe(1);
    expect(after.returns.map((r) => [r.rma, r.status])).toEqual([[made.rma, 'requested']]);

    const listed = await getAs(app, staff.cookie, '/api/admin/returns?status=requested');
    expect(listed.json().items.map((r: { id: string }) => r.id)).toContain(made.id);

    const approved = await act(staff, made.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'approved', label: { carrier: 'builtin' } });
    const [approvalMail] = await emailsOf(db, 'return_approved', shopper.email);
    const link = /\/api\/returns\/labels\/([A-Za-z0-9_-]{43})/.exec(approvalMail?.text ?? '');
    expect(link, approvalMail?.text).not.toBeNull();
    const byLink = await app.inject({ method: 'GET', url: link![0] });
    expect(byLink.statusCode).toBe(200);
    expect(byLink.headers['content-type']).toBe('application/pdf');
    expect(byLink.rawPayload.subarray(0, 4).toString()).toBe('%PDF');
    const forStaff = await getAs(app, staff.cookie, `/api/admin/returns/${made.id}/label`);
    expect(forStaff.rawPayload.subarray(0, 4).toString()).toBe('%PDF');

    const stockBefore = await stockOf(db, lamp.id);
    const item = (approved.json() as AdminReturnDetail).items[0]!;
    const received = await act(staff, made.id, 'receive', {
      items: [{ return_item_id: item.id, condition: 'as_new', restock: true }],
    });
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().items[0]).toMatchObject({ condition: 'as_new', restocked: true });
    expect(await stockOf(db, lamp.id)).toBe(stockBefore + 2);
    expect(await emailsOf(db, 'return_received', shopper.email)).toHaveLength(1);
    // The label link ends once the parcel is in.
    expect((await app.inject({ method: 'GET', url: link![0] })).statusCode).toBe(404);

    // Refunding is a refund: staff may not, a manager may.
    expect((await act(staff, made.id, 'refund')).statusCode).toBe(403);
    const refunded = await act(manager, made.id, 'refund', { to_store_credit: false });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const detail = refunded.json() as AdminReturnDetail;
    // Two of the three $30.00 lamps.
    expect(detail).toMatchObject({ status: 'refunded', refunded_to: 'original_payment' });
    expect(detail.refund).toMatchObject({ amount: 6000, status: 'succeeded' });
    const adminOrder = (await getAs(app, manager.cookie, `/api/admin/orders/${order.id}`)).json();
    expect(adminOrder.refunded_amount).toBe(6000);
    expect(adminOrder.payment_status).toBe('partially_refunded');
    expect(adminOrder.items[0].refunded_quantity).toBe(2);
    // The refund did not restock a second time, and the shopper got the return's email, not the order's.
    expect(await stockOf(db, lamp.id)).toBe(stockBefore + 2);
    expect((await emailsOf(db, 'return_refunded', shopper.email))[0]?.text).toContain(
      `We have refunded $60.00 for your return ${made.rma}`,
    );
    expect(await emailsOf(db, 'order_refunded', shopper.email)).toHaveLength(0);
    const events = await queryRows<{ type: string }>(
      db,
      sql`SELECT type FROM order_events WHERE order_id = ${order.id} AND type LIKE 'return_%' ORDER BY created_at`,
    );
    expect(events.map((e) => e.type)).toEqual(['return_requested', 'return_approved', 'return_received']);
    const audited = await db.select().from(auditLog).where(eq(auditLog.targetId, made.id));
    expect(audited.map((a) => a.action).sort()).toEqual(['return.approved', 'return.received']);
  });

  it('refunds as store credit when staff choose it, and does not restock what came back damaged', async () => {
    const { db } = suite.ctx;
    const { shopper, order, mugLine, mug } = await shopperWithOrder();
    const made = (
      await ask(shopper, order.id, { items: [{ order_item_id: mugLine.id, quantity: 1, reason: 'damaged' }] })
    ).json() as CustomerReturn;
    const approved = (await act(staff, made.id, 'approve')).json() as AdminReturnDetail;
    const stockBefore = await stockOf(db, mug.id);
    const received = await act(staff, made.id, 'receive', {
      items: [{ return_item_id: approved.items[0]!.id, condition: 'damaged', restock: false }],
    });
    expect(received.statusCode, received.body).toBe(200);
    expect(await stockOf(db, mug.id)).toBe(stockBefore);
    const refunded = await act(manager, made.id, 'refund', { to_store_credit: true });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json()).toMatchObject({ refunded_to: 'store_credit', refund: { amount: 1200 } });
    const credit = await getAs(
      suite.ctx.app,
      suite.admin.cookie,
      `/api/admin/customers/${shopper.id}/store-credit`,
    );
    expect(credit.json().balances).toEqual(
      expect.arrayContaining([expect.objectContaining({ currency: 'USD', balance: 1200 })]),
    );
    expect((await emailsOf(db, 'return_refunded', shopper.email))[0]?.text).toContain('as store credit');
  });
});

describe('what may be returned', () => {
  it('refuses a final-sale product, more units than delivered, an undelivered order and a window that ended, writing nothing', async () => {
    const { app, db } = suite.ctx;
    const { shopper, order, lampLine, mugLine, mug } = await shopperWithOrder();
    const set = await sendAs(app, suite.admin.cookie, 'PUT', `/api/admin/products/${mug.id}/final-sale`, {
      final_sale: true,
    });
    expect(set.json()).toEqual({ final_sale: true });
    const options = (await getAs(app, shopper.cookie, returnsUrl(order.id))).json() as OrderReturns;
    expect(options.lines[1]).toMatchObject({ returnable_quantity: 0, not_returnable: 'final_sale' });

    const finalSale = await ask(shopper, order.id, {
      items: [{ order_item_id: mugLine.id, quantity: 1, reason: 'changed_mind' }],
    });
    expect([finalSale.statusCode, finalSale.json().error.code]).toEqual([422, 'final_sale']);
    const tooMany = await ask(shopper, order.id, {
      items: [{ order_item_id: lampLine.id, quantity: 4, reason: 'too_large' }],
    });
    expect([tooMany.statusCode, tooMany.json().error.message]).toEqual([
      409,
      `Only 3 of ${lampLine.productName} can be returned, not 4`,
    ]);

    await db.execute(
      sql`UPDATE fulfilments SET delivered_at = now() - interval '31 days' WHERE order_id = ${order.id}`,
    );
    const late = await ask(shopper, order.id, {
      items: [{ order_item_id: lampLine.id, quantity: 1, reason: 'too_large' }],
    });
    expect([late.statusCode, late.json().error.code]).toEqual([422, 'return_window_over']);
    // A longer window lets the same request through.
    await setReturnSettings(app, suite.admin, 45);
    try {
      const options45 = (await getAs(app, shopper.cookie, returnsUrl(order.id))).json() as OrderReturns;
      expect(options45.lines[0]!.returnable_quantity).toBe(3);
    } finally {
      await setReturnSettings(app, suite.admin, 30);
    }

    const pending = await shopperWithOrder({ deliver: false });
    const notYet = await ask(pending.shopper, pending.order.id, {
      items: [{ order_item_id: pending.lampLine.id, quantity: 1, reason: 'too_small' }],
    });
    expect([notYet.statusCode, notYet.json().error.code]).toEqual([409, 'not_delivered']);

    expect(await returnCount(db, order.id)).toBe(0);
    expect(await returnCount(db, pending.order.id)).toBe(0);
    expect(await emailsOf(db, 'return_requested', shopper.email)).toHaveLength(0);
  });

  it('answers bad input with a 400 and writes nothing', async () => {
    const { db } = suite.ctx;
    const { shopper, order, lampLine } = await shopperWithOrder();
    const line = (over: object) => ({
      order_item_id: lampLine.id,
      quantity: 1,
      reason: 'too_small',
      ...over,
    });
    const bodies = [
      {},
      { items: [] },
      { items: [line({ quantity: 0 })] },
      { items: [line({ quantity: 1.5 })] },
      { items: [line({ reason: 'bored' })] },
      { items: [line({ order_item_id: 'not-a-uuid' })] },
      { items: [line({ order_item_id: '00000000-0000-4000-8000-000000000000' })] },
      { items: [line({}), line({})] },
      { items: [line({})], note: 'x'.repeat(1001) },
    ];
    for (const body of bodies) {
      const res = await ask(shopper, order.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await returnCount(db, order.id)).toBe(0);
  });

  it('lets two requests at once take the units only once', async () => {
    const { shopper, order, lampLine } = await shopperWithOrder();
    const body = { items: [{ order_item_id: lampLine.id, quantity: 2, reason: 'too_small' }] };
    const answers = await Promise.all([ask(shopper, order.id, body), ask(shopper, order.id, body)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(await returnCount(suite.ctx.db, order.id)).toBe(1);
  });
});

describe('who sees which returns', () => {
  it("answers 404 for another shopper's order and 401 signed out, writing nothing", async () => {
    const { app, db } = suite.ctx;
    const { order, lampLine } = await shopperWithOrder();
    const stranger = await signUp(app);
    const body = { items: [{ order_item_id: lampLine.id, quantity: 1, reason: 'too_small' }] };
    expect((await getAs(app, stranger.cookie, returnsUrl(order.id))).statusCode).toBe(404);
    expect((await ask(stranger, order.id, body)).statusCode).toBe(404);
    const signedOut = await app.inject({ method: 'POST', url: returnsUrl(order.id), payload: body });
    expect(signedOut.statusCode).toBe(401);
    expect(await returnCount(db, order.id)).toBe(0);
  });

  it("lets a guest return through the order's signed link, and only that order's lines", async () => {
    const { app, db } = suite.ctx;
    const guest = { id: null, email: 'returning-guest@example.com' };
    const { order, lampLine } = await deliveredOrder(app, db, staff, guest);
    const other = await shopperWithOrder();
    const token = await createOrderLink(db, order.id);
    const url = `/api/orders/by-link/${token}/returns`;
    const foreign = await app.inject({
      method: 'POST',
      url,
      payload: { items: [{ order_item_id: other.lampLine.id, quantity: 1, reason: 'too_small' }] },
    });
    expect([foreign.statusCode, foreign.json().error.code]).toEqual([400, 'unknown_order_item']);
    const made = await app.inject({
      method: 'POST',
      url,
      payload: { items: [{ order_item_id: lampLine.id, quantity: 1, reason: 'wrong_item' }] },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect((await app.inject({ method: 'GET', url })).json().returns).toHaveLength(1);
    expect(
      (await app.inject({ method: 'GET', url: `/api/orders/by-link/${'A'.repeat(43)}/returns` })).statusCode,
    ).toBe(404);
    const [row] = await queryRows<{ requested_by: string | null }>(
      db,
      sql`SELECT requested_by FROM returns WHERE order_id = ${order.id}`,
    );
    expect(row?.requested_by).toBeNull();
    expect(await emailsOf(db, 'return_requested', guest.email)).toHaveLength(1);
    expect(await returnCount(db, other.order.id)).toBe(0);
  });
});

describe('staff and the return settings', () => {
  it('keeps shoppers out of the back office, staff out of the settings, and checks a decline', async () => {
    const { app, db } = suite.ctx;
    const { shopper, order, lampLine } = await shopperWithOrder();
    const made = (
      await ask(shopper, order.id, {
        items: [{ order_item_id: lampLine.id, quantity: 3, reason: 'not_as_described' }],
      })
    ).json() as CustomerReturn;
    expect((await getAs(app, shopper.cookie, '/api/admin/returns')).statusCode).toBe(403);
    expect((await act(shopper, made.id, 'approve')).statusCode).toBe(403);
    const settings = await sendAs(app, staff.cookie, 'PUT', '/api/admin/settings/returns', {
      window_days: 5,
      address: null,
    });
    expect(settings.statusCode).toBe(403);
    const badWindow = await sendAs(app, suite.admin.cookie, 'PUT', '/api/admin/settings/returns', {
      window_days: -1,
      address: null,
    });
    expect(badWindow.statusCode).toBe(400);
    expect((await getAs(app, suite.admin.cookie, '/api/admin/settings/returns')).json().window_days).toBe(30);

    expect((await act(staff, made.id, 'decline', { reason: '  ' })).statusCode).toBe(400);
    const declined = await act(staff, made.id, 'decline', { reason: 'Worn and washed' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({ status: 'declined', decline_reason: 'Worn and washed' });
    expect((await act(staff, made.id, 'approve')).statusCode).toBe(409);
    expect((await act(staff, made.id, 'receive', { items: [] })).statusCode).toBe(400);
    expect((await emailsOf(db, 'return_declined', shopper.email))[0]?.text).toContain(
      'Reason: Worn and washed',
    );
    // A declined return gives its units back.
    const options = (await getAs(app, shopper.cookie, returnsUrl(order.id))).json() as OrderReturns;
    expect(options.lines[0]!.returnable_quantity).toBe(3);
    const [paid] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(paid!.paymentStatus).toBe('paid');
  });
});
