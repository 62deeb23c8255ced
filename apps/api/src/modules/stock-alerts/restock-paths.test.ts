import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appWithAdminPerFile } from '../../../test/commerce-app.ts';
import { addCartItem, createOption, createProduct, createVariant } from '../../../test/factories.ts';
import { signUp } from '../../../test/sessions.ts';
import { queryRows } from '../../db/client.ts';
import { completeCheckout, payLocal, startCheckoutOk } from '../checkout/test-helpers.ts';
import { newLocation } from '../locations/test-helpers.ts';
import { deliveredOrder, setReturnSettings } from '../returns/test-helpers.ts';
import { sendStockAlerts } from './send-stock-alerts.ts';

// Stock comes back by many paths since stock lives at locations (decision 0095); every one that
// raises what the storefront sells must email those waiting, and none that only moves units between
// locations selling online may.
const suite = appWithAdminPerFile();
let address = 0;

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  suite.ctx.app.inject({
    method,
    url: `/api/admin${url}`,
    headers: { cookie: suite.admin.cookie },
    ...(payload ? { payload } : {}),
  });

async function ok(method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) {
  const res = await call(method, url, payload);
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
}

/** A new address asks to be emailed about the item. */
async function waitFor(productId: string, variantId: string | null = null) {
  const email = `back-${++address}-${randomUUID().slice(0, 8)}@example.com`;
  const res = await suite.ctx.app.inject({
    method: 'POST',
    url: '/api/stock-alerts',
    payload: { product_id: productId, variant_id: variantId, email },
    remoteAddress: `10.41.0.${address}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return email;
}

const run = () => sendStockAlerts(suite.ctx.app.checkout.ctx);

const emailed = async (email: string) =>
  (
    await queryRows<{ n: number }>(
      suite.ctx.db,
      sql`SELECT count(*)::int AS n FROM email_outbox WHERE kind = 'back_in_stock' AND "to" = ${email}`,
    )
  )[0]!.n;

const soldOut = (name: string) => createProduct(suite.ctx.db, { name, price: 3000, inventoryLevel: 0 });

const location = (name: string, servesOnline: boolean) =>
  newLocation(call, name, { serves_online: servesOnline });

const defaultLocation = async () => (await ok('GET', '/locations')).items[0].id as string;

const count = (productId: string, locationId: string, onHand: number) =>
  ok('PUT', '/stock/levels', {
    product_id: productId,
    variant_id: null,
    location_id: locationId,
    on_hand: onHand,
  });

/** A signed-in shopper buys `quantity` of the product, paid: the order's id. */
async function bought(productId: string, quantity: number) {
  const buyer = await signUp(suite.ctx.app);
  await addCartItem(suite.ctx.db, buyer.id, productId, quantity);
  const { sessionId } = await startCheckoutOk(suite.ctx.app, buyer.cookie);
  expect((await payLocal(suite.ctx.app, sessionId)).statusCode).toBe(303);
  expect((await completeCheckout(suite.ctx.app, buyer.cookie, sessionId)).statusCode).toBe(200);
  const [order] = await queryRows<{ id: string }>(
    suite.ctx.db,
    sql`SELECT id FROM orders WHERE payment_session_id = ${sessionId}`,
  );
  return order!.id;
}

describe('back in stock, whatever brings the stock back', () => {
  it("the product editor's variant stock", async () => {
    const product = await createProduct(suite.ctx.db, { name: 'Editor Tee', price: 2000 });
    const { values } = await createOption(suite.ctx.db, product.id, 'size', ['S']);
    const small = await createVariant(suite.ctx.db, product.id, [values[0]!.id], { inventoryLevel: 0 });
    const email = await waitFor(product.id, small.id);
    await ok('PATCH', `/products/${product.id}/variants/${small.id}`, { inventory_level: 2 });
    expect(await run()).toBe(1);
    expect(await emailed(email)).toBe(1);
  });

  it('a count at a location that sells online, and not one at a location that does not', async () => {
    const product = await soldOut('Counted Lamp');
    const email = await waitFor(product.id);
    await count(product.id, await location('Back room', false), 4);
    expect(await run()).toBe(0);
    await count(product.id, await defaultLocation(), 1);
    expect(await run()).toBe(1);
    expect(await emailed(email)).toBe(1);
  });

  it('a transfer received at a location that sells online', async () => {
    const product = await soldOut('Transferred Lamp');
    const email = await waitFor(product.id);
    const reserve = await location('Reserve', false);
    await count(product.id, reserve, 3);
    const transfer = await ok('POST', '/transfers', {
      origin_id: reserve,
      destination_id: await defaultLocation(),
      note: null,
      lines: [{ product_id: product.id, variant_id: null, quantity: 2 }],
    });
    await ok('POST', `/transfers/${transfer.id}/send`);
    expect(await run()).toBe(0);
    await ok('POST', `/transfers/${transfer.id}/receive`);
    expect(await run()).toBe(1);
    expect(await emailed(email)).toBe(1);
  });

  it('a cancelled order gives its units back', async () => {
    const product = await createProduct(suite.ctx.db, { name: 'Last Lamp', price: 3000, inventoryLevel: 1 });
    const orderId = await bought(product.id, 1);
    const email = await waitFor(product.id);
    await ok('POST', `/orders/${orderId}/cancel`, {});
    expect(await run()).toBe(1);
    expect(await emailed(email)).toBe(1);
  });

  it("a received return's restock, to where the order took it and to a chosen location", async () => {
    await setReturnSettings(suite.ctx.app, suite.admin);
    const shopper = await signUp(suite.ctx.app);
    const { order, lampLine, lamp } = await deliveredOrder(suite.ctx.app, suite.ctx.db, suite.admin, shopper);
    await suite.ctx.db.execute(sql`UPDATE products SET inventory_level = 0 WHERE id = ${lamp.id}::uuid`);
    const [first, second] = [await waitFor(lamp.id), await waitFor(lamp.id)];
    const returned = async (locationId: string | null) => {
      const asked = await suite.ctx.app.inject({
        method: 'POST',
        url: `/api/account/orders/${order.id}/returns`,
        headers: { cookie: shopper.cookie },
        payload: { items: [{ order_item_id: lampLine.id, quantity: 1, reason: 'too_small' }] },
      });
      expect(asked.statusCode, asked.body).toBe(201);
      const approved = await ok('POST', `/returns/${asked.json().id}/approve`, {});
      await ok('POST', `/returns/${asked.json().id}/receive`, {
        items: [{ return_item_id: approved.items[0].id, condition: 'as_new', restock: true }],
        ...(locationId ? { location_id: locationId } : {}),
      });
    };
    await returned(null);
    expect(await run()).toBe(1);
    expect([await emailed(first), await emailed(second)]).toEqual([1, 0]);
    await returned(await location('Returns desk', true));
    expect(await run()).toBe(1);
    expect(await emailed(second)).toBe(1);
  });

  it('units that only move between two locations selling online bring nothing back', async () => {
    const product = await soldOut('Shipped Lamp');
    const [main, shop] = [await defaultLocation(), await location('Second shop', true)];
    const emails = [await waitFor(product.id), await waitFor(product.id), await waitFor(product.id)];
    await count(product.id, main, 1);
    await count(product.id, shop, 1);
    expect(await run()).toBe(2);
    // An order takes one unit; shipping it from the other location gives that unit back where it was
    // taken: what the storefront sells is unchanged, so the third shopper waits on.
    const orderId = await bought(product.id, 1);
    const [taken] = await queryRows<{ location_id: string }>(
      suite.ctx.db,
      sql`SELECT location_id FROM stock_moves WHERE reference_id = ${orderId}::uuid AND delta < 0`,
    );
    await ok('POST', `/orders/${orderId}/fulfil`, { location_id: taken!.location_id === main ? shop : main });
    expect(await run()).toBe(0);
    expect(await emailed(emails[2]!)).toBe(0);
    await count(product.id, main, 2);
    expect(await run()).toBe(1);
    expect(await emailed(emails[2]!)).toBe(1);
  });
});
