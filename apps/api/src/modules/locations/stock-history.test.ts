import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { appPerTest } from '../../../test/commerce-app.ts';
import { addCartItem, createProduct } from '../../../test/factories.ts';
import { signUp } from '../../../test/sessions.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { expireCheckouts } from '../checkout/expire-checkouts.ts';
import { completeCheckout, expireNow, payLocal, startCheckoutOk } from '../checkout/test-helpers.ts';
import { deliveredOrder, setReturnSettings } from '../returns/test-helpers.ts';
import { asAdmin, newLocation } from './test-helpers.ts';

// Every stock change of an order writes the stock history at the location it touched
// (docs/decisions/0095-stock-locations.md): a sale allocated near the buyer, an expiry, an edit, a
// refund's restock, a fulfilment from another location, a Point of Sale sale from the till's shop.
const testApp = appPerTest();

async function setUp(app: FastifyInstance, db: Db) {
  const { user: admin, call } = await asAdmin(app, db);
  const main = (await call('GET', '/locations')).json().items[0].id as string;
  const made = await call('POST', '/locations', {
    name: 'London shop',
    kind: 'shop',
    address_line_1: '1 Shop St',
    address_line_2: null,
    city: 'London',
    state_province: null,
    postal_code: 'N1 1AA',
    country: 'GB',
    serves_online: true,
    active: true,
  });
  expect(made.statusCode, made.body).toBe(201);
  const lamp = await createProduct(db, { name: 'Lamp', price: 3000, inventoryLevel: 5 });
  const counted = await call('PUT', '/stock/levels', {
    product_id: lamp.id,
    variant_id: null,
    location_id: made.json().id,
    on_hand: 2,
  });
  expect(counted.statusCode, counted.body).toBe(200);
  return { admin, call, main, shop: made.json().id as string, lamp };
}

const levels = async (db: Db, item: string) =>
  Object.fromEntries(
    (
      await queryRows<{ location_id: string; on_hand: number }>(
        db,
        sql`SELECT location_id, on_hand FROM stock_levels WHERE coalesce(variant_id, product_id) = ${item}::uuid`,
      )
    ).map((l) => [l.location_id, l.on_hand]),
  );

const orderMoves = (db: Db, orderId: string) =>
  queryRows<{ location_id: string; delta: number; reason: string; staff: boolean }>(
    db,
    sql`SELECT location_id, delta, reason, staff_id IS NOT NULL AS staff FROM stock_moves
      WHERE reference_id = ${orderId}::uuid ORDER BY seq`,
  );

async function checkout(app: FastifyInstance, db: Db, productId: string, quantity: number, pay = true) {
  const buyer = await signUp(app);
  await addCartItem(db, buyer.id, productId, quantity);
  const { sessionId } = await startCheckoutOk(app, buyer.cookie);
  if (pay) {
    expect((await payLocal(app, sessionId)).statusCode).toBe(303);
    expect((await completeCheckout(app, buyer.cookie, sessionId)).statusCode).toBe(200);
  }
  const [order] = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM orders WHERE payment_session_id = ${sessionId}`,
  );
  return { orderId: order!.id, sessionId };
}

describe('stock history of an order', () => {
  it('a sale comes from the location in the buyer country first; an expired checkout gives it back there', async () => {
    const { app, db } = await testApp.open();
    const { main, shop, lamp } = await setUp(app, db);
    const { orderId, sessionId } = await checkout(app, db, lamp.id, 3, false);
    expect(await orderMoves(db, orderId)).toEqual([
      { location_id: shop, delta: -2, reason: 'sale', staff: false },
      { location_id: main, delta: -1, reason: 'sale', staff: false },
    ]);
    expect(await levels(db, lamp.id)).toEqual({ [main]: 4, [shop]: 0 });

    await expireNow(db, sessionId);
    await expireCheckouts(app.checkout.ctx);
    expect((await orderMoves(db, orderId)).slice(2)).toEqual([
      { location_id: shop, delta: 2, reason: 'cancellation', staff: false },
      { location_id: main, delta: 1, reason: 'cancellation', staff: false },
    ]);
    expect(await levels(db, lamp.id)).toEqual({ [main]: 5, [shop]: 2 });
  });

  it('an edit, a refund with restock and a fulfilment from another location each write their moves', async () => {
    const { app, db } = await testApp.open();
    const { call, main, shop, lamp } = await setUp(app, db);
    const { orderId } = await checkout(app, db, lamp.id, 3);

    const edited = await call('POST', `/orders/${orderId}/edits`, {
      lines: [{ product_id: lamp.id, quantity: 2 }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const items = (await call('GET', `/orders/${orderId}`)).json().items;
    const refunded = await call('POST', `/orders/${orderId}/refunds`, {
      items: [{ order_item_id: items[0].id, quantity: 1 }],
      reason: 'Changed their mind',
      restock: true,
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    // The one unit left was taken from the warehouse; it ships from the shop instead.
    const shipped = await call('POST', `/orders/${orderId}/fulfil`, { location_id: shop });
    expect(shipped.statusCode, shipped.body).toBe(200);

    expect(await orderMoves(db, orderId)).toEqual([
      { location_id: shop, delta: -2, reason: 'sale', staff: false },
      { location_id: main, delta: -1, reason: 'sale', staff: false },
      { location_id: shop, delta: 1, reason: 'edit', staff: true },
      { location_id: shop, delta: 1, reason: 'return', staff: true },
      { location_id: shop, delta: -1, reason: 'fulfilment', staff: true },
      { location_id: main, delta: 1, reason: 'fulfilment', staff: true },
    ]);
    expect(await levels(db, lamp.id)).toEqual({ [main]: 5, [shop]: 1 });
    const [total] = await queryRows<{ level: number }>(
      db,
      sql`SELECT inventory_level AS level FROM products WHERE id = ${lamp.id}::uuid`,
    );
    expect(total?.level).toBe(6);
    const [fulfilment] = await queryRows<{ location_id: string }>(
      db,
      sql`SELECT location_id FROM fulfilments WHERE order_id = ${orderId}::uuid`,
    );
    expect(fulfilment?.location_id).toBe(shop);
  });

  it('a shipment from a location without the units is a 409 that ships nothing', async () => {
    const { app, db } = await testApp.open();
    const { call, main, shop, lamp } = await setUp(app, db);
    const { orderId } = await checkout(app, db, lamp.id, 4);
    expect(await levels(db, lamp.id)).toEqual({ [main]: 3, [shop]: 0 });
    const refused = await call('POST', `/orders/${orderId}/fulfil`, { location_id: shop });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe('Lamp is out of stock at London shop');
    expect(await levels(db, lamp.id)).toEqual({ [main]: 3, [shop]: 0 });
    const [shipments] = await queryRows<{ n: number }>(
      db,
      sql`SELECT count(*)::int AS n FROM fulfilments WHERE order_id = ${orderId}::uuid`,
    );
    expect(shipments?.n).toBe(0);
    // By default it ships from where most of its units were taken (a tie: the first taken from).
    expect((await call('POST', `/orders/${orderId}/fulfil`)).statusCode).toBe(200);
    const [fulfilment] = await queryRows<{ location_id: string }>(
      db,
      sql`SELECT location_id FROM fulfilments WHERE order_id = ${orderId}::uuid`,
    );
    expect(fulfilment?.location_id).toBe(shop);
  });

  it("a Point of Sale sale takes from the till's location only, even one that does not sell online", async () => {
    const { app, db } = await testApp.open();
    const { call, main, lamp } = await setUp(app, db);
    const stall = await newLocation(call, 'Market stall', { kind: 'pop_up', serves_online: false });
    await call('PUT', '/stock/levels', {
      product_id: lamp.id,
      variant_id: null,
      location_id: stall,
      on_hand: 1,
    });
    const sell = async (quantity: number) => {
      const draft = await call('POST', '/draft-orders', {
        lines: [{ product_id: lamp.id, quantity }],
        first_name: 'Grace',
        last_name: 'Hopper',
        email: 'grace@example.com',
        shipping_address: null,
        pickup: true,
      });
      expect(draft.statusCode, draft.body).toBe(201);
      return call('POST', `/draft-orders/${draft.json().id}/mark-paid`, {
        payment_method: 'cash',
        version: draft.json().version,
        location_id: stall,
      });
    };
    const tooMany = await sell(2);
    expect(tooMany.statusCode).toBe(409);
    expect(tooMany.json().error.message).toBe('Only 1 of Lamp at Market stall');
    const [orders] = await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM orders`);
    expect(orders?.n).toBe(0);

    const sold = await sell(1);
    expect(sold.statusCode, sold.body).toBe(200);
    expect(await orderMoves(db, sold.json().order_id)).toEqual([
      { location_id: stall, delta: -1, reason: 'sale', staff: true },
    ]);
    const [total] = await queryRows<{ level: number }>(
      db,
      sql`SELECT inventory_level AS level FROM products WHERE id = ${lamp.id}::uuid`,
    );
    // The warehouse and the shop still sell their 7 online.
    expect(total?.level).toBe(7);
    expect((await levels(db, lamp.id))[main]).toBe(5);
  });

  it('receiving a return restocks to the location staff chose, even one that does not sell online', async () => {
    const { app, db } = await testApp.open();
    const { admin, call, main } = await setUp(app, db);
    await setReturnSettings(app, admin);
    const back = await newLocation(call, 'Back room', { serves_online: false });
    const shopper = await signUp(app);
    const { order, lampLine, lamp: returned } = await deliveredOrder(app, db, admin, shopper);
    const asked = await app.inject({
      method: 'POST',
      url: `/api/account/orders/${order.id}/returns`,
      headers: { cookie: shopper.cookie },
      payload: { items: [{ order_item_id: lampLine.id, quantity: 2, reason: 'too_small' }] },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const approved = await call('POST', `/returns/${asked.json().id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    const receive = (locationId: string) =>
      call('POST', `/returns/${asked.json().id}/receive`, {
        items: [{ return_item_id: approved.json().items[0].id, condition: 'as_new', restock: true }],
        location_id: locationId,
      });
    const unknown = await receive(crypto.randomUUID());
    expect(unknown.statusCode).toBe(404);
    expect((await call('GET', `/returns/${asked.json().id}`)).json().status).toBe('approved');
    const received = await receive(back);
    expect(received.statusCode, received.body).toBe(200);
    expect(await orderMoves(db, order.id)).toEqual([
      { location_id: back, delta: 2, reason: 'return', staff: true },
    ]);
    // The back room does not sell online: what the storefront sells is unchanged.
    const [total] = await queryRows<{ level: number }>(
      db,
      sql`SELECT inventory_level AS level FROM products WHERE id = ${returned.id}::uuid`,
    );
    expect(total?.level).toBe(10);
    expect(await levels(db, returned.id)).toEqual({ [main]: 10, [back]: 2 });
  });
});
