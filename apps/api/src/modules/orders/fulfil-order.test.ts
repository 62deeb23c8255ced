import type { CustomerOrderDetail } from '@cartwheel/shared/contracts/customer-orders';
import type { OrderDetail } from '@cartwheel/shared/contracts/orders';
import { fulfilRefusal } from '@cartwheel/shared/order-actions';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder, createProduct } from '../../../test/factories.ts';
import { getAs } from '../../../test/requests.ts';
import { signUp, signUpAs, type TestUser } from '../../../test/sessions.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { queryRows } from '../../db/client.ts';
import { emailOutbox, fulfilments, orderItems, orders } from '../../db/schema.ts';
import { createOrderLink } from '../order-links/order-links.ts';

let ctx: TestContext;
let staff: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  staff = await signUpAs(ctx.app, ctx.db, 'staff');
});
afterAll(async () => ctx?.close());

const post = (url: string, payload?: object) =>
  ctx.app.inject({ method: 'POST', url, headers: { cookie: staff.cookie }, ...(payload ? { payload } : {}) });

const emailsOf = (kind: string, to: string) =>
  ctx.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.kind, kind), eq(emailOutbox.to, to)));

async function paidOrder(overrides: Partial<typeof orders.$inferInsert> = {}) {
  const product = await createProduct(ctx.db, { inventoryLevel: 10 });
  return createOrder(ctx.db, { status: 'processing', paymentStatus: 'paid', ...overrides }, [
    { product, quantity: 3 },
    { productName: 'Gift wrap', quantity: 1, pricePerItem: 500 },
  ]);
}

describe('POST /api/admin/orders/:orderId/fulfil with a carrier and tracking number', () => {
  it('stores the shipment, builds the tracking link, puts it on the timeline and emails the shopper', async () => {
    const { order, items } = await paidOrder();
    const res = await post(`/api/admin/orders/${order.id}/fulfil`, {
      items: [{ order_item_id: items[0]!.id, quantity: 2 }],
      carrier: 'ups',
      tracking_number: '1Z999AA10123456784',
    });
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json() as OrderDetail;
    expect(detail.fulfillment_status).toBe('partial');
    expect(detail.fulfilments).toEqual([
      expect.objectContaining({
        carrier: 'ups',
        carrier_name: 'UPS',
        tracking_number: '1Z999AA10123456784',
        tracking_url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
        delivered_at: null,
        items: [{ order_item_id: items[0]!.id, product_name: items[0]!.productName, quantity: 2 }],
      }),
    ]);
    expect(detail.timeline[0]).toMatchObject({
      type: 'fulfilled',
      data: { carrier: 'UPS', tracking_number: '1Z999AA10123456784' },
    });
    expect(detail.timeline[0]!.message).toContain('Shipped with UPS, tracking number 1Z999AA10123456784.');
    const [email] = await emailsOf('order_shipped', order.customerEmail!);
    expect(email).toMatchObject({ status: 'sent' });
    expect(email!.subject).toContain(`order #${order.orderNumber} has shipped`);
    expect(email!.text).toContain(
      'Track your package: https://www.ups.com/track?tracknum=1Z999AA10123456784',
    );
    expect(email!.html).toContain('href="https://www.ups.com/track?tracknum=1Z999AA10123456784"');
  });

  it('takes another carrier by name with its own link, and a shipment without tracking', async () => {
    const { order } = await paidOrder();
    const first = await post(`/api/admin/orders/${order.id}/fulfil`, {
      items: [{ order_item_id: (await lineIds(order.id))[1]!, quantity: 1 }],
      carrier: 'other',
      carrier_name: 'Bike Courier <b>',
      tracking_number: 'BC-7',
      tracking_url: 'https://courier.example/track/BC-7',
    });
    expect(first.statusCode, first.body).toBe(200);
    const rest = await post(`/api/admin/orders/${order.id}/fulfil`);
    const detail = rest.json() as OrderDetail;
    expect(detail.fulfillment_status).toBe('fulfilled');
    expect(detail.fulfilments.map((f) => [f.carrier_name, f.tracking_url])).toEqual([
      ['Bike Courier <b>', 'https://courier.example/track/BC-7'],
      [null, null],
    ]);
    // The name is text in the email's HTML, never markup.
    const [email] = await emailsOf('order_shipped', order.customerEmail!);
    expect(email!.html).toContain('Bike Courier &lt;b&gt;');
  });

  it.each([
    [{ carrier: 'ups' }, 'tracking_number'],
    [{ tracking_number: '123' }, 'carrier'],
    [{ carrier: 'other', tracking_number: '123' }, 'carrier_name'],
    [{ carrier: 'pigeon', tracking_number: '123' }, 'carrier'],
    [
      { carrier: 'other', carrier_name: 'X', tracking_number: '1', tracking_url: 'javascript:alert(1)' },
      'tracking_url',
    ],
  ])('rejects %j with a 400 on %s and writes nothing', async (body, field) => {
    const { order } = await paidOrder();
    const res = await post(`/api/admin/orders/${order.id}/fulfil`, body);
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().error.details)).toContain(field);
    expect(await ctx.db.select().from(fulfilments).where(eq(fulfilments.orderId, order.id))).toEqual([]);
    const lines = await ctx.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(lines.every((l) => l.fulfilledQuantity === 0)).toBe(true);
  });
});

async function lineIds(orderId: string) {
  const rows = await queryRows<{ id: string }>(
    ctx.db,
    sql`SELECT id FROM order_items WHERE order_id = ${orderId} ORDER BY created_at, product_name, id`,
  );
  return rows.map((r) => r.id);
}

describe("the shopper's order page", () => {
  it('shows the shipments with their tracking links on the account page and on a guest link', async () => {
    const shopper = await signUp(ctx.app);
    const { order } = await paidOrder({ customerId: shopper.id, customerEmail: shopper.email });
    await post(`/api/admin/orders/${order.id}/fulfil`, { carrier: 'usps', tracking_number: '9400 1000' });
    const own = (
      await getAs(ctx.app, shopper.cookie, `/api/account/orders/${order.id}`)
    ).json() as CustomerOrderDetail;
    expect(own.fulfilments).toEqual([
      expect.objectContaining({
        carrier_name: 'USPS',
        tracking_number: '9400 1000',
        tracking_url: 'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400%201000',
      }),
    ]);
    const [email] = await emailsOf('order_shipped', shopper.email);
    expect(email!.text).toContain(`View your order: ${ctx.config.publicUrl}/account/orders/${order.id}`);

    const guest = await paidOrder();
    await post(`/api/admin/orders/${guest.order.id}/fulfil`, { carrier: 'fedex', tracking_number: '7777' });
    const token = await createOrderLink(ctx.db, guest.order.id);
    const page = await ctx.app.inject({ method: 'GET', url: `/api/orders/by-link/${token}` });
    expect(page.statusCode, page.body).toBe(200);
    expect((page.json() as CustomerOrderDetail).fulfilments[0]!.tracking_url).toBe(
      'https://www.fedex.com/fedextrack/?trknbr=7777',
    );
    // A guest's email carries a signed link to the order, since they have no account page.
    const [guestEmail] = await emailsOf('order_shipped', guest.order.customerEmail!);
    expect(guestEmail!.text).toContain(`${ctx.config.publicUrl}/orders/view/`);
  });
});

describe('POST /api/admin/orders/:orderId/deliver', () => {
  it('marks a shipped order delivered once, with its shipments, the timeline and the email', async () => {
    const { order } = await paidOrder();
    await post(`/api/admin/orders/${order.id}/fulfil`, { carrier: 'dhl_express', tracking_number: 'JD01' });
    const res = await post(`/api/admin/orders/${order.id}/deliver`);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json() as OrderDetail;
    expect(detail.status).toBe('delivered');
    expect(detail.fulfilments[0]!.delivered_at).not.toBeNull();
    expect(detail.timeline[0]).toMatchObject({ type: 'delivered', actor: { id: staff.id } });
    expect(await emailsOf('order_delivered', order.customerEmail!)).toHaveLength(1);
    const again = await post(`/api/admin/orders/${order.id}/deliver`);
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'already_delivered']);
    expect(await emailsOf('order_delivered', order.customerEmail!)).toHaveLength(1);
  });

  it('refuses an order that has not shipped anything, or was cancelled, and changes nothing', async () => {
    const { order } = await paidOrder();
    const res = await post(`/api/admin/orders/${order.id}/deliver`);
    expect([res.statusCode, res.json().error.code]).toEqual([409, 'not_shipped']);
    const { order: cancelled } = await paidOrder({ status: 'cancelled', fulfillmentStatus: 'fulfilled' });
    const other = await post(`/api/admin/orders/${cancelled.id}/deliver`);
    expect([other.statusCode, other.json().error.code]).toEqual([409, 'order_cancelled']);
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe('processing');
    expect(await emailsOf('order_delivered', order.customerEmail!)).toEqual([]);
  });
});

describe('refunded units that had not shipped', () => {
  const refund = async (orderId: string, items: Array<{ order_item_id: string; quantity: number }>) => {
    const manager = await signUpAs(ctx.app, ctx.db, 'manager');
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${orderId}/refunds`,
      headers: { cookie: manager.cookie },
      payload: { items, reason: 'Out of stock at the warehouse' },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as OrderDetail;
  };

  it('are no longer left to fulfil: the API refuses to ship them and "fulfil everything" skips them', async () => {
    const { order, items } = await paidOrder();
    const [mugs, wrap] = items;
    const refunded = await refund(order.id, [{ order_item_id: mugs!.id, quantity: 2 }]);
    expect(Object.fromEntries(refunded.items.map((i) => [i.id, i.fulfillable_quantity]))).toEqual({
      [mugs!.id]: 1,
      [wrap!.id]: 1,
    });
    const tooMany = await post(`/api/admin/orders/${order.id}/fulfil`, {
      items: [{ order_item_id: mugs!.id, quantity: 2 }],
    });
    expect([tooMany.statusCode, tooMany.json().error.message]).toEqual([
      409,
      `Only 1 of ${mugs!.productName} left to fulfil, not 2`,
    ]);
    expect(await ctx.db.select().from(fulfilments).where(eq(fulfilments.orderId, order.id))).toEqual([]);
    const rest = await post(`/api/admin/orders/${order.id}/fulfil`);
    expect(rest.statusCode, rest.body).toBe(200);
    const detail = rest.json() as OrderDetail;
    expect(detail).toMatchObject({ fulfillment_status: 'fulfilled', status: 'shipped' });
    expect(
      Object.fromEntries(detail.fulfilments[0]!.items.map((i) => [i.order_item_id, i.quantity])),
    ).toEqual({
      [mugs!.id]: 1,
      [wrap!.id]: 1,
    });
    expect(detail.items.map((i) => i.fulfillable_quantity)).toEqual([0, 0]);
  });

  it('make a partly shipped order fulfilled (and shipped) when they were all that was left to ship', async () => {
    const { order, items } = await paidOrder();
    const [mugs, wrap] = items;
    await post(`/api/admin/orders/${order.id}/fulfil`, { items: [{ order_item_id: mugs!.id, quantity: 1 }] });
    const detail = await refund(order.id, [
      { order_item_id: mugs!.id, quantity: 2 },
      { order_item_id: wrap!.id, quantity: 1 },
    ]);
    expect(detail).toMatchObject({ fulfillment_status: 'fulfilled', status: 'shipped' });
    expect(detail.timeline.map((e) => e.type)).toEqual(
      expect.arrayContaining(['refunded', 'fulfilled', 'status_changed']),
    );
    const again = await post(`/api/admin/orders/${order.id}/fulfil`);
    expect([again.statusCode, again.json().error.code]).toEqual([409, 'already_fulfilled']);
  });

  it('leave an order that shipped nothing unfulfilled when every unit is refunded', async () => {
    const { order, items } = await paidOrder();
    const detail = await refund(
      order.id,
      items.map((i) => ({ order_item_id: i.id, quantity: i.quantity })),
    );
    expect(detail).toMatchObject({ fulfillment_status: 'unfulfilled', status: 'processing' });
    expect(detail.items.map((i) => i.fulfillable_quantity)).toEqual([0, 0]);
  });
});

describe('the fulfil rule the order page shares with the API', () => {
  it('offers "Fulfil items" exactly when the API takes it: the shared rule on the detail agrees with POST /fulfil', async () => {
    const open = (await createOrder(ctx.db, { status: 'processing' }, [{ quantity: 2 }])).order;
    const shipped = (
      await createOrder(ctx.db, { status: 'shipped', fulfillmentStatus: 'fulfilled' }, [
        { quantity: 2, fulfilledQuantity: 2 },
      ])
    ).order;
    const cancelled = (await createOrder(ctx.db, { status: 'cancelled' }, [{ quantity: 1 }])).order;
    const outcomes = [];
    for (const order of [open, shipped, cancelled]) {
      const detail = (
        await getAs(ctx.app, staff.cookie, `/api/admin/orders/${order.id}`)
      ).json() as OrderDetail;
      const refusal = fulfilRefusal(
        detail.status,
        detail.items.map((line) => line.fulfillable_quantity),
      );
      const res = await post(`/api/admin/orders/${order.id}/fulfil`);
      expect(res.statusCode === 200 ? null : res.json().error.code).toBe(refusal?.code ?? null);
      outcomes.push(refusal?.code ?? 'fulfilled');
    }
    expect(outcomes).toEqual(['fulfilled', 'already_fulfilled', 'order_cancelled']);
  });
});
