import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder, createProduct } from '../../../test/factories.ts';
import { getAs } from '../../../test/requests.ts';
import { signUp, type TestUser } from '../../../test/sessions.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
let shopper: TestUser;
let other: TestUser;
const placed: Array<{ id: string; orderNumber: number | null }> = [];
let othersOrderId = '';
let abandonedId = '';

beforeAll(async () => {
  ctx = await createTestApp();
  const { app, db } = ctx;
  shopper = await signUp(app);
  other = await signUp(app);
  const product = await createProduct(db, { name: 'Lamp', price: 2500 });
  const days = (n: number) => new Date(Date.UTC(2026, 0, n, 12));
  const { order: older } = await createOrder(
    db,
    {
      customerId: shopper.id,
      status: 'delivered',
      paymentStatus: 'paid',
      fulfillmentStatus: 'fulfilled',
      createdAt: days(2),
      shippingAmount: 500,
      taxAmount: 200,
    },
    [
      { product, quantity: 2, fulfilledQuantity: 2 },
      { productName: 'Gift wrap', pricePerItem: 300 },
    ],
  );
  const { order: newer } = await createOrder(
    db,
    {
      customerId: shopper.id,
      status: 'processing',
      paymentStatus: 'paid',
      createdAt: days(9),
      shippingMethod: null,
    },
    [{ product, quantity: 1 }],
  );
  placed.push(newer, older);
  // A checkout that was started and abandoned: not an order the shopper placed.
  const { order: abandoned } = await createOrder(db, {
    customerId: shopper.id,
    status: 'cancelled',
    paymentStatus: 'unpaid',
    createdAt: days(5),
  });
  abandonedId = abandoned.id;
  const { order: theirs } = await createOrder(db, {
    customerId: other.id,
    status: 'processing',
    paymentStatus: 'paid',
  });
  othersOrderId = theirs.id;
});
afterAll(() => ctx.close());

const get = (url: string, cookie: string) => getAs(ctx.app, cookie, url);

describe('GET /api/account/orders', () => {
  it("lists only the shopper's placed orders, newest first, with their lines and item count (units)", async () => {
    const res = await get('/api/account/orders', shopper.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const { items } = res.json();
    expect(items.map((o: { id: string }) => o.id)).toEqual(placed.map((o) => o.id));
    const older = items[1];
    expect(older).toMatchObject({
      order_number: placed[1]!.orderNumber,
      status: 'delivered',
      payment_status: 'paid',
      fulfillment_status: 'fulfilled',
      subtotal_amount: 5300,
      shipping_amount: 500,
      tax_amount: 200,
      total_amount: 6000,
      item_count: 3,
      created_at: '2026-01-02T12:00:00.000Z',
    });
    expect(older.order_items).toHaveLength(2);
    expect(older.order_items.find((i: { product_name: string }) => i.product_name === 'Lamp')).toEqual({
      id: expect.any(String),
      product_id: expect.any(String),
      variant_id: null,
      product_name: 'Lamp',
      variant_title: null,
      product_sku: expect.any(String),
      image_url: null,
      quantity: 2,
      price_per_item: 2500,
      total_amount: 5000,
      discount_amount: 0,
      tax_amount: 0,
    });
    expect(items.some((o: { id: string }) => o.id === abandonedId || o.id === othersOrderId)).toBe(false);
  });

  it('is empty for a shopper without orders', async () => {
    const newcomer = await signUp(ctx.app);
    const res = await get('/api/account/orders', newcomer.cookie);
    expect(res.json()).toEqual({ items: [], figures: { order_count: 0, total_spent: 0 } });
  });

  it('answers 401 when signed out', async () => {
    const res = await get('/api/account/orders', '');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('User not authenticated');
  });
});

describe('GET /api/account/orders/:orderId', () => {
  it('shows one order with the shipping address and fulfilled and refunded quantities per line', async () => {
    const res = await get(`/api/account/orders/${placed[1]!.id}`, shopper.cookie);
    expect(res.statusCode).toBe(200);
    const order = res.json();
    expect(order).toMatchObject({
      id: placed[1]!.id,
      payment_method: 'card',
      shipping_method: 'Standard',
      shipping_address: {
        first_name: 'Test',
        address_line_1: '1 Main St',
        city: 'Springfield',
        postal_code: '97000',
      },
    });
    expect(order.order_items.find((i: { product_name: string }) => i.product_name === 'Lamp')).toMatchObject({
      quantity: 2,
      fulfilled_quantity: 2,
      refunded_quantity: 0,
    });
    const newer = await get(`/api/account/orders/${placed[0]!.id}`, shopper.cookie);
    expect(newer.json().shipping_method).toBeNull();
  });

  it.each([
    ["another shopper's order", () => othersOrderId],
    ['an abandoned checkout', () => abandonedId],
    ['an unknown id', () => '00000000-0000-4000-8000-000000000000'],
    ['a malformed id', () => 'not-a-uuid'],
  ])('answers 404 "Order not found" for %s, never 403', async (_what, id) => {
    const res = await get(`/api/account/orders/${id()}`, shopper.cookie);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'order_not_found', message: 'Order not found' } });
  });

  it('answers 401 when signed out', async () => {
    expect((await get(`/api/account/orders/${placed[0]!.id}`, '')).statusCode).toBe(401);
  });
});
