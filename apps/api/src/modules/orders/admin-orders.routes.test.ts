import { randomUUID } from 'node:crypto';
import type { OrderDetail, OrderList } from '@cartwheel/shared/contracts/orders';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder, createProduct, createVariant } from '../../../test/factories.ts';
import { getAs, okJson } from '../../../test/requests.ts';
import { signUpAs, type TestUser } from '../../../test/sessions.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { orderEvents, orderItems, orders, products, productVariants, refunds } from '../../db/schema.ts';

let ctx: TestContext;
let staff: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  staff = await signUpAs(ctx.app, ctx.db, 'staff');
});
afterAll(async () => ctx?.close());

const get = (url: string) => getAs(ctx.app, staff.cookie, url);
const send = (method: 'POST' | 'PATCH', url: string, payload?: unknown) =>
  ctx.app.inject({
    method,
    url,
    headers: { cookie: staff.cookie },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const list = async (query: string) => okJson<OrderList>(await get(`/api/admin/orders?${query}`));
const stockOf = async (productId: string, variantId?: string) => {
  const [p] = await ctx.db.select().from(products).where(eq(products.id, productId));
  const [v] = variantId
    ? await ctx.db.select().from(productVariants).where(eq(productVariants.id, variantId))
    : [];
  return { product: p!.inventoryLevel, variant: v?.inventoryLevel };
};

describe('GET /api/admin/orders', () => {
  // One isolated shop for the list tests: 12 orders with known numbers, totals, statuses and customers.
  let shop: TestContext;
  let cookie: string;
  const ids: string[] = [];

  beforeAll(async () => {
    shop = await createTestApp();
    cookie = (await signUpAs(shop.app, shop.db, 'staff')).cookie;
    const statuses = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'] as const;
    for (let i = 0; i < 12; i++) {
      const { order } = await createOrder(
        shop.db,
        {
          status: statuses[i % 5],
          paymentStatus: i % 3 === 0 ? 'unpaid' : 'paid',
          fulfillmentStatus: i % 5 === 3 ? 'fulfilled' : i === 2 ? 'partial' : 'unfulfilled',
          customerFirstName: i === 4 ? 'Zelda' : 'Pat',
          customerLastName: `Lopez${i}`,
          customerEmail: i === 7 ? 'Special.Buyer@Example.com' : `pat${i}@example.com`,
          createdAt: new Date(Date.UTC(2026, 0, 1 + i)),
        },
        [{ pricePerItem: 1000 + ((i * 7) % 12) * 100, quantity: 1 + (i % 2) }],
      );
      ids.push(order.id);
    }
  });
  afterAll(async () => shop?.close());

  const shopGet = (url: string) => getAs(shop.app, cookie, url);
  const shopList = async (query: string) => okJson<OrderList>(await shopGet(`/api/admin/orders?${query}`));

  it('pages newest first by default with 10 rows and reports the total', async () => {
    const first = await shopList('');
    expect(first.limit).toBe(10);
    expect(first.total).toBe(12);
    expect(first.items).toHaveLength(10);
    expect(first.items[0]!.id).toBe(ids[11]);
    const second = await shopList('page=2');
    expect(second.items.map((o) => o.id)).toEqual([ids[1], ids[0]]);
  });

  it('accepts page sizes from 10 to 50 only', async () => {
    for (const limit of [9, 51, 0]) {
      const res = await shopGet(`/api/admin/orders?limit=${limit}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid_request');
    }
    expect((await shopList('limit=50')).items).toHaveLength(12);
  });

  it('sorts by order number, total and status in either direction', async () => {
    const byNumber = await shopList('sort=order_number&dir=asc&limit=50');
    const numbers = byNumber.items.map((o) => o.order_number);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));

    const byTotal = await shopList('sort=total_amount&dir=desc&limit=50');
    const totals = byTotal.items.map((o) => o.total_amount);
    expect(totals).toEqual([...totals].sort((a, b) => b - a));

    const byStatus = await shopList('sort=status&dir=asc&limit=50');
    const order = ['pending', 'processing', 'shipped', 'delivered', 'cancelled'];
    const ranks = byStatus.items.map((o) => order.indexOf(o.status));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  });

  it('rejects an unknown sort column', async () => {
    const res = await shopGet('/api/admin/orders?sort=email');
    expect(res.statusCode).toBe(400);
  });

  it('filters by several statuses at once', async () => {
    const result = await shopList('status=pending,cancelled&limit=50');
    expect(result.total).toBe(5); // i = 0, 4, 5, 9, 10
    expect(new Set(result.items.map((o) => o.status))).toEqual(new Set(['pending', 'cancelled']));
    const bad = await shopGet('/api/admin/orders?status=pending,lost');
    expect(bad.statusCode).toBe(400);
  });

  it('searches by order number (with or without #), customer name and email, case-insensitively', async () => {
    const all = await shopList('limit=50');
    const target = all.items.find((o) => o.id === ids[3])!;
    expect((await shopList(`search=${target.order_number}`)).items.map((o) => o.id)).toEqual([ids[3]]);
    expect((await shopList(`search=%23${target.order_number}`)).items.map((o) => o.id)).toEqual([ids[3]]);
    expect((await shopList('search=zelda')).items.map((o) => o.id)).toEqual([ids[4]]);
    expect((await shopList('search=pat%20lopez1')).total).toBe(3); // Lopez1, Lopez10, Lopez11
    expect((await shopList('search=special.buyer%40EXAMPLE')).items.map((o) => o.id)).toEqual([ids[7]]);
    expect((await shopList('search=nobody-here')).items).toEqual([]);
  });

  it('treats LIKE wildcards in the search as plain text', async () => {
    expect((await shopList('search=%25')).total).toBe(0);
  });

  it('returns shop-wide summary counts whatever the filter', async () => {
    const expected = { total: 12, unfulfilled: 0, unpaid: 0, delivered: 2, cancelled: 2 };
    // Not cancelled and not fulfilled: statuses by i % 5 (4 = cancelled), fulfilled when i % 5 === 3.
    for (let i = 0; i < 12; i++) {
      const cancelled = i % 5 === 4;
      if (!cancelled && i % 5 !== 3) expected.unfulfilled++;
      if (!cancelled && i % 3 === 0) expected.unpaid++;
    }
    expect((await shopList('')).summary).toEqual(expected);
    expect((await shopList('status=delivered')).summary).toEqual(expected);
  });
});

describe('an order without a customer account', () => {
  it('is shown by the email it was placed with when it has no name, and as Guest only when nobody is known', async () => {
    const { order } = await createOrder(ctx.db, {
      customerId: null,
      customerFirstName: null,
      customerLastName: null,
      customerEmail: 'walk-in@example.com',
    });
    const result = await list(`search=${order.orderNumber}`);
    expect(result.items[0]!.customer).toMatchObject({
      id: null,
      name: 'walk-in@example.com',
      email: 'walk-in@example.com',
    });
    const detail = (await get(`/api/admin/orders/${order.id}`)).json() as OrderDetail;
    expect(detail.customer.name).toBe('walk-in@example.com');

    const { order: anonymous } = await createOrder(ctx.db, {
      customerId: null,
      customerFirstName: null,
      customerLastName: null,
      customerEmail: null,
    });
    const nobody = (await get(`/api/admin/orders/${anonymous.id}`)).json() as OrderDetail;
    expect(nobody.customer.name).toBe('Guest');
  });
});

describe('GET /api/admin/orders/:orderId', () => {
  it('returns lines, customer, address, payment, fulfilment and the timeline', async () => {
    const product = await createProduct(ctx.db, { price: 2500, costPrice: 1000 });
    const { order, items } = await createOrder(
      ctx.db,
      {
        status: 'processing',
        paymentStatus: 'paid',
        createdAt: new Date('2026-05-01T10:00:00Z'),
        paidAt: new Date('2026-05-01T10:02:00Z'),
        shippingAmount: 500,
      },
      [{ product, quantity: 2 }],
    );
    const res = await get(`/api/admin/orders/${order.id}`);
    expect(res.statusCode).toBe(200);
    const detail = res.json() as OrderDetail;
    expect(detail).toMatchObject({
      order_number: order.orderNumber,
      status: 'processing',
      payment_status: 'paid',
      fulfillment_status: 'unfulfilled',
      subtotal_amount: 5000,
      shipping_amount: 500,
      total_amount: 5500,
      shipping_address: { city: 'Springfield', postal_code: '97000' },
    });
    expect(detail.items).toEqual([
      expect.objectContaining({
        id: items[0]!.id,
        product_name: product.name,
        quantity: 2,
        price_per_item: 2500,
        cost_per_item: 1000,
        fulfilled_quantity: 0,
      }),
    ]);
    expect(detail.timeline.map((e) => e.type)).toEqual(['paid', 'placed']);
  });

  it('answers 404 order_not_found for an unknown id and 400 for a malformed one', async () => {
    const missing = await get(`/api/admin/orders/${randomUUID()}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toEqual({ code: 'order_not_found', message: 'Order not found' });
    expect((await get('/api/admin/orders/not-a-uuid')).statusCode).toBe(400);
  });
});

describe('PATCH /api/admin/orders/:orderId/status', () => {
  it('writes any status and records who changed it on the timeline', async () => {
    const { order } = await createOrder(ctx.db, { status: 'pending' });
    for (const status of ['processing', 'shipped', 'delivered', 'pending'] as const) {
      const res = await send('PATCH', `/api/admin/orders/${order.id}/status`, { status });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().status).toBe(status);
    }
    const detail = (await get(`/api/admin/orders/${order.id}`)).json() as OrderDetail;
    const changes = detail.timeline.filter((e) => e.type === 'status_changed');
    expect(changes.map((e) => e.message)).toEqual([
      'Status changed from delivered to pending',
      'Status changed from shipped to delivered',
      'Status changed from processing to shipped',
      'Status changed from pending to processing',
    ]);
    expect(changes[0]!.actor).toMatchObject({ id: staff.id, email: staff.email });
  });

  it('writes no event when the status does not change', async () => {
    const { order } = await createOrder(ctx.db, { status: 'processing' });
    await send('PATCH', `/api/admin/orders/${order.id}/status`, { status: 'processing' });
    const events = await ctx.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events).toEqual([]);
  });

  it('rejects an unknown status with a 400 and changes nothing', async () => {
    const { order } = await createOrder(ctx.db, { status: 'processing' });
    const res = await send('PATCH', `/api/admin/orders/${order.id}/status`, { status: 'lost' });
    expect(res.statusCode).toBe(400);
    const [row] = await ctx.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.status).toBe('processing');
  });

  it('cancels through the cancel action (stock returns) and refuses to reopen a cancelled order', async () => {
    const product = await createProduct(ctx.db, { inventoryLevel: 4 });
    const { order } = await createOrder(ctx.db, { status: 'processing' }, [{ product, quantity: 3 }]);
    const res = await send('PATCH', `/api/admin/orders/${order.id}/status`, { status: 'cancelled' });
    expect(res.statusCode).toBe(200);
    expect((await stockOf(product.id)).product).toBe(7);

    const reopen = await send('PATCH', `/api/admin/orders/${order.id}/status`, { status: 'processing' });
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().error.code).toBe('order_cancelled');
    const again = await send('PATCH', `/api/admin/orders/${order.id}/status`, { status: 'cancelled' });
    expect(again.statusCode).toBe(409);
    expect((await stockOf(product.id)).product).toBe(7);
  });
});

describe('POST /api/admin/orders/:orderId/fulfil', () => {
  it('fulfils part of an order, then the rest, and marks it shipped', async () => {
    const a = await createProduct(ctx.db);
    const b = await createProduct(ctx.db);
    const { order, items } = await createOrder(ctx.db, { status: 'processing', paymentStatus: 'paid' }, [
      { product: a, quantity: 3 },
      { product: b, quantity: 1 },
    ]);
    const [lineA, lineB] = items;

    const partial = await send('POST', `/api/admin/orders/${order.id}/fulfil`, {
      items: [{ order_item_id: lineA!.id, quantity: 2 }],
    });
    expect(partial.statusCode, partial.body).toBe(200);
    const afterPartial = partial.json() as OrderDetail;
    expect(afterPartial.fulfillment_status).toBe('partial');
    expect(afterPartial.status).toBe('processing');
    expect(afterPartial.items.find((i) => i.id === lineA!.id)!.fulfilled_quantity).toBe(2);
    expect(afterPartial.timeline[0]).toMatchObject({ type: 'fulfilled', actor: { id: staff.id } });
    expect(afterPartial.timeline[0]!.message).toContain('Fulfilled 2 items');

    const rest = await send('POST', `/api/admin/orders/${order.id}/fulfil`);
    expect(rest.statusCode, rest.body).toBe(200);
    const done = rest.json() as OrderDetail;
    expect(done.fulfillment_status).toBe('fulfilled');
    expect(done.status).toBe('shipped');
    expect(done.items.map((i) => [i.id, i.fulfilled_quantity])).toEqual(
      expect.arrayContaining([
        [lineA!.id, 3],
        [lineB!.id, 1],
      ]),
    );
    expect(done.timeline.slice(0, 2).map((e) => e.type)).toEqual(['status_changed', 'fulfilled']);

    const again = await send('POST', `/api/admin/orders/${order.id}/fulfil`, {});
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: 'already_fulfilled', message: 'Order is already fulfilled' });
  });

  it('never fulfils more than was ordered', async () => {
    const { order, items } = await createOrder(ctx.db, { status: 'processing' }, [{ quantity: 2 }]);
    const res = await send('POST', `/api/admin/orders/${order.id}/fulfil`, {
      items: [
        { order_item_id: items[0]!.id, quantity: 2 },
        { order_item_id: items[0]!.id, quantity: 1 },
      ],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('over_fulfilment');
    const [line] = await ctx.db.select().from(orderItems).where(eq(orderItems.id, items[0]!.id));
    expect(line!.fulfilledQuantity).toBe(0);
  });

  it('rejects a line of another order, a zero quantity and a cancelled order', async () => {
    const { order } = await createOrder(ctx.db, { status: 'processing' });
    const { items: otherItems } = await createOrder(ctx.db);
    const foreign = await send('POST', `/api/admin/orders/${order.id}/fulfil`, {
      items: [{ order_item_id: otherItems[0]!.id, quantity: 1 }],
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.code).toBe('unknown_order_item');

    const zero = await send('POST', `/api/admin/orders/${order.id}/fulfil`, {
      items: [{ order_item_id: otherItems[0]!.id, quantity: 0 }],
    });
    expect(zero.statusCode).toBe(400);

    const { order: cancelled } = await createOrder(ctx.db, { status: 'cancelled' });
    const res = await send('POST', `/api/admin/orders/${cancelled.id}/fulfil`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('order_cancelled');
  });

  it('leaves a delivered order delivered when its last units are fulfilled', async () => {
    const { order } = await createOrder(ctx.db, { status: 'delivered' });
    const res = await send('POST', `/api/admin/orders/${order.id}/fulfil`);
    expect(res.json()).toMatchObject({ status: 'delivered', fulfillment_status: 'fulfilled' });
  });
});

describe('POST /api/admin/orders/:orderId/cancel', () => {
  it('returns the unfulfilled units to the variant (or the product without one) exactly once', async () => {
    const product = await createProduct(ctx.db, { inventoryLevel: 10 });
    const variant = await createVariant(ctx.db, product.id, [], { inventoryLevel: 4 });
    const plain = await createProduct(ctx.db, { inventoryLevel: 1 });
    const { order } = await createOrder(ctx.db, { status: 'processing', paymentStatus: 'paid' }, [
      { product, variant, quantity: 3, fulfilledQuantity: 1 },
      { product: plain, quantity: 2 },
    ]);

    const res = await send('POST', `/api/admin/orders/${order.id}/cancel`);
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json() as OrderDetail;
    // Without a refund the payment stays as it was: nothing pretends money went back.
    expect(detail).toMatchObject({ status: 'cancelled', payment_status: 'paid', refunds: [] });
    expect(detail.cancelled_at).not.toBeNull();
    expect(detail.items.every((i) => i.refunded_quantity === 0)).toBe(true);
    expect(detail.timeline[0]).toMatchObject({ type: 'cancelled', actor: { id: staff.id } });
    expect(detail.timeline[0]!.message).toBe(
      'Order cancelled (was processing). 4 items returned to stock. The payment was not refunded.',
    );
    // A variant line's stock is the variant's (as checkout takes it): the product's own level is untouched.
    expect(await stockOf(product.id, variant.id)).toEqual({ product: 10, variant: 6 });
    expect((await stockOf(plain.id)).product).toBe(3);

    const twice = await send('POST', `/api/admin/orders/${order.id}/cancel`);
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error).toEqual({
      code: 'order_already_cancelled',
      message: 'Order is already cancelled',
    });
    expect(await stockOf(product.id, variant.id)).toEqual({ product: 10, variant: 6 });
    expect((await stockOf(plain.id)).product).toBe(3);
  });

  it('does not give the units of a line whose variant was deleted to its product', async () => {
    const product = await createProduct(ctx.db, { inventoryLevel: 1 });
    const variant = await createVariant(ctx.db, product.id, [], { inventoryLevel: 1 });
    const { order } = await createOrder(ctx.db, { status: 'processing' }, [
      { product, variant, quantity: 2 },
    ]);
    await ctx.db.delete(productVariants).where(eq(productVariants.id, variant.id));
    const res = await send('POST', `/api/admin/orders/${order.id}/cancel`);
    expect(res.statusCode).toBe(200);
    expect(res.json().timeline[0].message).toBe(
      'Order cancelled (was processing). No items returned to stock.',
    );
    expect((await stockOf(product.id)).product).toBe(1);
  });

  it('returns stock once when two cancellations race', async () => {
    const product = await createProduct(ctx.db, { inventoryLevel: 0 });
    const { order } = await createOrder(ctx.db, { status: 'pending' }, [{ product, quantity: 5 }]);
    const results = await Promise.all([
      send('POST', `/api/admin/orders/${order.id}/cancel`),
      send('POST', `/api/admin/orders/${order.id}/cancel`),
      send('PATCH', `/api/admin/orders/${order.id}/status`, { status: 'cancelled' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect((await stockOf(product.id)).product).toBe(5);
    const events = await ctx.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events).toHaveLength(1);
  });

  it('keeps an unpaid order unpaid and returns nothing for lines already shipped', async () => {
    const product = await createProduct(ctx.db, { inventoryLevel: 2 });
    const { order } = await createOrder(ctx.db, { status: 'shipped', paymentStatus: 'unpaid' }, [
      { product, quantity: 2, fulfilledQuantity: 2 },
    ]);
    const res = await send('POST', `/api/admin/orders/${order.id}/cancel`);
    expect(res.json()).toMatchObject({ status: 'cancelled', payment_status: 'unpaid' });
    expect(res.json().items[0].refunded_quantity).toBe(0);
    expect((await stockOf(product.id)).product).toBe(2);
  });

  it('answers 404 for an unknown order', async () => {
    const res = await send('POST', `/api/admin/orders/${randomUUID()}/cancel`);
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /api/admin/orders/export', () => {
  it('downloads the filtered orders as CSV with money as decimals of each order’s currency', async () => {
    const { order } = await createOrder(
      ctx.db,
      {
        status: 'delivered',
        customerFirstName: '=HYPERLINK("x")',
        customerLastName: 'Smith',
        shippingAmount: 499,
      },
      [{ pricePerItem: 1250, quantity: 2 }],
    );
    const res = await get(`/api/admin/orders/export?search=${order.orderNumber}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe(
      'order_number,created_at,status,payment_status,fulfillment_status,customer_name,customer_email,item_count,subtotal,discount,shipping,tax,total,refunded,currency',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${order.orderNumber},`);
    expect(lines[1]).toContain(`,delivered,unpaid,unfulfilled,"'=HYPERLINK(""x"") Smith",`);
    expect(lines[1]).toMatch(/,2,25\.00,0\.00,4\.99,0\.00,29\.99,0\.00,USD$/);
    const { order: yen } = await createOrder(
      ctx.db,
      { currency: 'JPY', shippingAmount: 500, discountAmount: 280, totalAmount: 3020 },
      [{ pricePerItem: 2800, quantity: 1 }],
    );
    // Succeeded refunds count; a failed one gave nothing back.
    for (const [amount, status] of [
      [1000, 'succeeded'],
      [200, 'succeeded'],
      [900, 'failed'],
    ] as const) {
      await ctx.db.insert(refunds).values({
        orderId: yen.id,
        amount,
        currency: 'JPY',
        status,
        reason: 'test',
        provider: 'local',
        ...(status === 'succeeded' ? { succeededAt: new Date() } : { failure: 'declined' }),
      });
    }
    const yenLines = (await get(`/api/admin/orders/export?search=${yen.orderNumber}`)).body
      .trim()
      .split('\n');
    expect(yenLines[1]).toMatch(/,1,2800,280,500,0,3020,1200,JPY$/);
  });

  it('exports every order matching the filter, not just one page', async () => {
    const all = await list('limit=10');
    const res = await get('/api/admin/orders/export');
    expect(res.body.trim().split('\n')).toHaveLength(all.total + 1);
  });
});
