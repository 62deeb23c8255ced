import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appPerTest } from '../../../test/commerce-app.ts';
import {
  addCartItem,
  createCustomer,
  createOption,
  createProduct,
  createVariant,
} from '../../../test/factories.ts';
import { signUp } from '../../../test/sessions.ts';
import { queryRows } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { PaymentProvider } from '../payments/payment-provider.ts';
import {
  cartLinesOf,
  onPostgres,
  ordersOf,
  payLocal,
  productStock,
  SESSION_REQUEST,
  SHIPPING_INFO,
  startCheckout,
  startCheckoutOk,
  variantStock,
  withShippingZones,
} from './test-helpers.ts';

const testApp = appPerTest();

describe('POST /api/checkout/sessions', () => {
  it('reserves the stock, creates a pending order with a snapshot of each line and returns the payment URL', async () => {
    const { app, db, config } = await testApp.open();
    const user = await signUp(app, { firstName: 'Ada', lastName: 'Lovelace' });
    const shirt = await createProduct(db, {
      name: 'Linen Shirt',
      price: 4000,
      costPrice: 1500,
      inventoryLevel: 5,
    });
    const { values } = await createOption(db, shirt.id, 'size', ['S', 'M']);
    const medium = await createVariant(db, shirt.id, [values[1]!.id], {
      sku: 'SHIRT-M',
      price: 4500,
      salePrice: 3900,
      costPrice: 1600,
      inventoryLevel: 3,
    });
    const mug = await createProduct(db, {
      name: 'Mug',
      sku: 'MUG-1',
      price: 1200,
      salePrice: 1000,
      inventoryLevel: 7,
    });
    await addCartItem(db, user.id, shirt.id, 2, medium.id);
    await addCartItem(db, user.id, mug.id, 3);

    const res = await startCheckout(app, user.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().url).toMatch(new RegExp(`^${config.publicUrl}/pay/cs_local_[A-Za-z0-9_-]{20,}$`));

    // Stock is taken from the variant for a variant line and from the product for a plain line.
    expect(await variantStock(db, medium.id)).toBe(1);
    expect(await productStock(db, mug.id)).toBe(4);
    expect(await productStock(db, shirt.id)).toBe(5);

    const [order] = await ordersOf(db, user.id);
    expect(order).toMatchObject({
      status: 'pending',
      payment_status: 'unpaid',
      subtotal_amount: 2 * 3900 + 3 * 1000,
      shipping_amount: 0,
      tax_amount: 0,
      total_amount: 2 * 3900 + 3 * 1000,
      paid_at: null,
    });
    expect(order!.payment_session_id).toMatch(/^cs_local_/);
    expect(res.json().url).toBe(`${config.publicUrl}/pay/${order!.payment_session_id}`);
    const expiresIn = new Date(order!.expires_at!).getTime() - Date.now();
    expect(expiresIn).toBeGreaterThan(29 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(30 * 60_000 + 5_000);

    const items = await queryRows<Record<string, unknown>>(
      db,
      sql`SELECT product_name, variant_title, product_sku, price_per_item, cost_per_item, quantity, total_amount
        FROM order_items WHERE order_id = ${order!.id} ORDER BY product_name`,
    );
    expect(items).toEqual([
      {
        product_name: 'Linen Shirt',
        variant_title: 'M',
        product_sku: 'SHIRT-M',
        price_per_item: 3900,
        cost_per_item: 1600,
        quantity: 2,
        total_amount: 7800,
      },
      {
        product_name: 'Mug',
        variant_title: null,
        product_sku: 'MUG-1',
        price_per_item: 1000,
        cost_per_item: null,
        quantity: 3,
        total_amount: 3000,
      },
    ]);
    const [snapshot] = await queryRows<{ shipping_address: Record<string, unknown>; customer_email: string }>(
      db,
      sql`SELECT shipping_address, customer_email FROM orders WHERE id = ${order!.id}`,
    );
    expect(snapshot!.customer_email).toBe(SHIPPING_INFO.email);
    expect(snapshot!.shipping_address).toMatchObject({
      first_name: 'Ada',
      last_name: 'Lovelace',
      address_line_1: SHIPPING_INFO.address,
      city: SHIPPING_INFO.city,
      postal_code: SHIPPING_INFO.postalCode,
      country: 'GB',
    });

    // The cart is kept until the payment succeeds (the cancel page promises it).
    expect(await cartLinesOf(db, user.id)).toHaveLength(2);
  });

  it('ignores prices and totals sent by the client: a 1-cent price still produces an order at the database price', async () => {
    const { app, db } = await testApp.open();
    const user = await signUp(app);
    const product = await createProduct(db, { price: 2599, inventoryLevel: 10 });
    await addCartItem(db, user.id, product.id, 2);

    const res = await startCheckout(app, user.cookie, {
      items: [{ product_id: product.id, variant_id: null, quantity: 2, price: 1, total_amount: 1 }],
      customer_info: SHIPPING_INFO,
      total_amount: 1,
      subtotal_amount: 1,
    });
    expect(res.statusCode, res.body).toBe(200);

    const [order] = await ordersOf(db, user.id);
    expect(order).toMatchObject({ subtotal_amount: 5198, total_amount: 5198 });
    const [item] = await queryRows<{ price_per_item: number; total_amount: number }>(
      db,
      sql`SELECT price_per_item, total_amount FROM order_items WHERE order_id = ${order!.id}`,
    );
    expect(item).toEqual({ price_per_item: 2599, total_amount: 5198 });
    const [session] = await queryRows<{ amount: number }>(
      db,
      sql`SELECT amount FROM payment_sessions WHERE id = ${order!.payment_session_id}`,
    );
    expect(session!.amount).toBe(5198);
  });

  it('adds the configured flat shipping (free over the threshold) and tax', async () => {
    const { app, db } = await testApp.open({
      SHIPPING_FLAT_CENTS: '599',
      SHIPPING_FREE_OVER_CENTS: '10000',
      TAX_RATE_BPS: '825',
    });
    const small = await signUp(app);
    const big = await signUp(app);
    const product = await createProduct(db, { price: 3333, inventoryLevel: 10 });
    await addCartItem(db, small.id, product.id, 1);
    await addCartItem(db, big.id, product.id, 4);

    await startCheckoutOk(app, small.cookie);
    await startCheckoutOk(app, big.cookie);

    const [smallOrder] = await ordersOf(db, small.id);
    // 8.25% of 33.33 = 2.749725 -> 2.75
    expect(smallOrder).toMatchObject({
      subtotal_amount: 3333,
      shipping_amount: 599,
      tax_amount: 275,
      total_amount: 4207,
    });
    const [bigOrder] = await ordersOf(db, big.id);
    expect(bigOrder).toMatchObject({
      subtotal_amount: 13332,
      shipping_amount: 0,
      tax_amount: 1100,
      total_amount: 14432,
    });
  });

  it('answers 400 "Your cart is empty" for an empty cart and writes nothing', async () => {
    const { app, db } = await testApp.open();
    const user = await signUp(app);
    const res = await startCheckout(app, user.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { code: 'cart_empty', message: 'Your cart is empty' } });
    expect(await ordersOf(db, user.id)).toEqual([]);
  });

  it('answers 401 "User not authenticated" when signed out', async () => {
    const { app } = await testApp.open();
    const res = await startCheckout(app, '');
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toBe('User not authenticated');
  });

  it('rejects missing shipping fields with a 400 naming them', async () => {
    const { app, db } = await testApp.open();
    const user = await signUp(app);
    const product = await createProduct(db);
    await addCartItem(db, user.id, product.id);
    const res = await startCheckout(app, user.cookie, {
      customer_info: { ...SHIPPING_INFO, city: ' ', email: 'nope' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toMatch(/City is required/);
    expect(res.json().error.message).toMatch(/valid email/);
    expect(await ordersOf(db, user.id)).toEqual([]);
  });

  it('defaults the country to US', async () => {
    const { app, db } = await testApp.open();
    const user = await signUp(app);
    const product = await createProduct(db);
    await addCartItem(db, user.id, product.id);
    const { country: _country, ...withoutCountry } = SHIPPING_INFO;
    const res = await startCheckout(app, user.cookie, { customer_info: withoutCountry });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await queryRows<{ country: string }>(
      db,
      sql`SELECT shipping_address->>'country' AS country FROM orders WHERE customer_id = ${user.id}`,
    );
    expect(row!.country).toBe('US');
  });

  it('reserves all lines or none: one short line answers 409 naming it and what is left, and nothing is written', async () => {
    const { app, db } = await testApp.open();
    const user = await signUp(app);
    const plenty = await createProduct(db, { name: 'Plenty', inventoryLevel: 50 });
    const scarce = await createProduct(db, { name: 'Scarce Lamp', inventoryLevel: 2 });
    await addCartItem(db, user.id, plenty.id, 5);
    await addCartItem(db, user.id, scarce.id, 3);

    const res = await startCheckout(app, user.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'insufficient_inventory',
      message: 'Only 2 left of Scarce Lamp',
      details: { product_id: scarce.id, name: 'Scarce Lamp', available: 2 },
    });
    expect(await productStock(db, plenty.id)).toBe(50);
    expect(await productStock(db, scarce.id)).toBe(2);
    expect(await ordersOf(db, user.id)).toEqual([]);
    const [count] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM order_items`);
    expect(count!.n).toBe(0);
  });

  it('says a sold-out item is out of stock', async () => {
    const { app, db } = await testApp.open();
    const user = await signUp(app);
    const product = await createProduct(db, { name: 'Gone', inventoryLevel: 0 });
    await addCartItem(db, user.id, product.id, 1);
    const res = await startCheckout(app, user.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe('Gone is out of stock');
  });

  it('refuses a line whose product was hidden or deleted since it was added', async () => {
    const { app, db } = await testApp.open();
    const user = await signUp(app);
    const product = await createProduct(db, { name: 'Retired', isVisible: false });
    await addCartItem(db, user.id, product.id, 1);
    const res = await startCheckout(app, user.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'product_unavailable',
      message: 'Retired is no longer available. Remove it from your cart to check out.',
      details: { product_id: product.id, name: 'Retired' },
    });
  });

  it("releases the shopper's own earlier checkout, so starting again for the last unit works", async () => {
    const { app, db } = await testApp.open();
    const user = await signUp(app);
    const product = await createProduct(db, { name: 'Last Lamp', inventoryLevel: 1 });
    await addCartItem(db, user.id, product.id, 1);
    const first = await startCheckoutOk(app, user.cookie);
    const second = await startCheckoutOk(app, user.cookie);
    expect(second.sessionId).not.toBe(first.sessionId);
    expect(await productStock(db, product.id)).toBe(0);
    const orders = await ordersOf(db, user.id);
    expect(orders.map((o) => [o.payment_session_id, o.status])).toEqual([
      [first.sessionId, 'cancelled'],
      [second.sessionId, 'pending'],
    ]);
    // The first payment page can no longer be paid: back to its page (which says so), not a receipt.
    const pay = await payLocal(app, first.sessionId);
    expect(pay.statusCode).toBe(303);
    expect(pay.headers.location).toBe(`/pay/${first.sessionId}`);
  });

  it('finalises an earlier checkout that was paid meanwhile instead of cancelling it', async () => {
    const { app, db } = await testApp.open();
    const user = await signUp(app);
    const product = await createProduct(db, { inventoryLevel: 5 });
    await addCartItem(db, user.id, product.id, 1);
    const first = await startCheckoutOk(app, user.cookie);
    expect((await payLocal(app, first.sessionId)).statusCode).toBe(303);
    // The shopper never reached the success page and presses Checkout again: the payment is recorded
    // (its lines leave the cart) instead of being cancelled.
    const res = await startCheckout(app, user.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Your cart is empty');
    const [order] = await ordersOf(db, user.id);
    expect(order).toMatchObject({ status: 'processing', payment_status: 'paid' });
  });

  it('gives the stock back and answers 502 when the payment provider cannot open a session', async () => {
    const failing: PaymentProvider = {
      name: 'local',
      createSession: async () => {
        throw new Error('connect ECONNREFUSED');
      },
      getSession: async () => ({ status: 'expired', paymentMethod: null }),
      expireSession: async () => ({ status: 'expired', paymentMethod: null }),
      refund: async () => {
        throw new Error('not used');
      },
    };
    const { app, db } = await testApp.open({}, { paymentProvider: failing });
    const user = await signUp(app);
    const product = await createProduct(db, { inventoryLevel: 4 });
    await addCartItem(db, user.id, product.id, 3);

    const res = await startCheckout(app, user.cookie);
    expect(res.statusCode).toBe(502);
    expect(res.json().error.code).toBe('payment_provider_error');
    expect(await productStock(db, product.id)).toBe(4);
    const [order] = await ordersOf(db, user.id);
    expect(order).toMatchObject({ status: 'cancelled', payment_status: 'unpaid' });
    expect(order!.cancelled_at).not.toBeNull();
    expect(await cartLinesOf(db, user.id)).toHaveLength(1);
  });

  // Never oversells under concurrency. Meaningful on PostgreSQL (npm run test:pg); PGlite runs it serialised on its one connection.
  it(`200 concurrent checkouts for 10 in stock: exactly 10 sessions, stock 0, 190 answers 409 (${onPostgres ? 'PostgreSQL' : 'PGlite, serialised'})`, async () => {
    const { app, db } = await testApp.open();
    const product = await createProduct(db, { name: 'Limited Print', inventoryLevel: 10 });
    const customers = await Promise.all(Array.from({ length: 200 }, () => createCustomer(db)));
    for (const c of customers) await addCartItem(db, c.id, product.id, 1);

    await withShippingZones(app);
    const results = await Promise.allSettled(
      customers.map((c) => app.checkout.createSession({ userId: c.id }, SESSION_REQUEST)),
    );

    const ok = results.filter((r) => r.status === 'fulfilled');
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(ok).toHaveLength(10);
    expect(rejected).toHaveLength(190);
    for (const r of rejected) {
      expect(r.reason).toBeInstanceOf(AppError);
      expect(r.reason).toMatchObject({
        kind: 'conflict',
        code: 'insufficient_inventory',
        message: 'Limited Print is out of stock',
      });
    }
    expect(await productStock(db, product.id)).toBe(0);
    const [counts] = await queryRows<{ orders: number; sessions: number; items: number }>(
      db,
      sql`SELECT (SELECT count(*)::int FROM orders) AS orders,
          (SELECT count(*)::int FROM payment_sessions) AS sessions,
          (SELECT coalesce(sum(quantity), 0)::int FROM order_items) AS items`,
    );
    expect(counts).toEqual({ orders: 10, sessions: 10, items: 10 });
  }, 120_000);

  // Several stock rows per cart: they are locked in one global order (products, then variants, each by
  // id), whatever order the lines were added in, and given back in the same order. Meaningful on
  // PostgreSQL, where a lock taken out of order would deadlock (40P01, a 500) under this load.
  it(`checkouts and cancellations of carts sharing four stock rows, added in different orders, never deadlock nor oversell (${onPostgres ? 'PostgreSQL' : 'PGlite, serialised'})`, async () => {
    const { app, db } = await testApp.open();
    const STOCK = 12;
    const shirt = await createProduct(db, { name: 'Shared Shirt', inventoryLevel: 0 });
    const { values } = await createOption(db, shirt.id, 'Size', ['S', 'M', 'L']);
    const variants: Array<{ id: string }> = [];
    for (const value of values) {
      variants.push(await createVariant(db, shirt.id, [value.id], { inventoryLevel: STOCK }));
    }
    const mug = await createProduct(db, { name: 'Shared Mug', inventoryLevel: STOCK });
    const rows: Array<[string, string | null]> = [
      ...variants.map((v): [string, string | null] => [shirt.id, v.id]),
      [mug.id, null],
    ];
    const customers = await Promise.all(Array.from({ length: 40 }, () => createCustomer(db)));
    for (const [i, c] of customers.entries()) {
      // Each cart holds one of every row, added in its own order.
      const order = rows.map((_, k) => rows[(k + i) % rows.length]!);
      if (i % 2) order.reverse();
      for (const [productId, variantId] of order) await addCartItem(db, c.id, productId, 1, variantId);
    }
    const levels = async () => [
      ...(await Promise.all(variants.map((v) => variantStock(db, v.id)))),
      await productStock(db, mug.id),
    ];

    await withShippingZones(app);
    const first = await Promise.allSettled(
      customers.slice(0, 30).map((c) => app.checkout.createSession({ userId: c.id }, SESSION_REQUEST)),
    );
    const opened = first.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
    expect(opened).toHaveLength(STOCK);
    for (const r of first) {
      if (r.status === 'rejected')
        expect(r.reason).toMatchObject({ kind: 'conflict', code: 'insufficient_inventory' });
    }
    expect(await levels()).toEqual([0, 0, 0, 0]);

    // Half of them give up (their stock returns, rows taken in the same order) while others start.
    const second = await Promise.allSettled([
      ...opened
        .slice(0, 6)
        .map((o) =>
          app.checkout.cancelBySession(o.sessionId, { type: 'checkout_cancelled', message: 'Cancelled' }),
        ),
      ...customers.slice(30).map((c) => app.checkout.createSession({ userId: c.id }, SESSION_REQUEST)),
    ]);
    for (const r of second) {
      if (r.status === 'rejected')
        expect(r.reason).toMatchObject({ kind: 'conflict', code: 'insufficient_inventory' });
    }
    const [held] = await queryRows<{ orders: number; units: number }>(
      db,
      sql`SELECT count(DISTINCT o.id)::int AS orders, coalesce(sum(i.quantity), 0)::int AS units
        FROM orders o JOIN order_items i ON i.order_id = o.id
        WHERE o.status = 'pending' AND o.payment_status = 'unpaid'`,
    );
    const left = await levels();
    // Every unit is either on the shelf or held by exactly one pending checkout.
    for (const level of left) expect(level + held!.orders).toBe(STOCK);
    expect(held!.units).toBe(held!.orders * rows.length);
  }, 120_000);
});
