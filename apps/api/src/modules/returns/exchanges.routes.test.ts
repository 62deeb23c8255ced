import type { AdminReturnDetail, CustomerReturn } from '@cartwheel/shared/contracts/returns';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appWithAdminPerFile } from '../../../test/commerce-app.ts';
import { createProduct } from '../../../test/factories.ts';
import { getAs, sendAs } from '../../../test/requests.ts';
import { signUp, signUpAs, type TestUser } from '../../../test/sessions.ts';
import { queryRows } from '../../db/client.ts';
import { productVariants } from '../../db/schema.ts';
import { deliveredOrder, emailsOf, returnCount, setReturnSettings } from './test-helpers.ts';

// Exchanges (docs/decisions/0086-returns.md): a return line asks for another variant of the same
// product; its units are held at approval and ship as a new order line on receipt, the price
// difference paid through an edit's payment link or refunded.
const suite = appWithAdminPerFile();
let staff: TestUser;
let manager: TestUser;

beforeAll(async () => {
  staff = await signUpAs(suite.ctx.app, suite.ctx.db, 'staff');
  manager = await signUpAs(suite.ctx.app, suite.ctx.db, 'manager');
  await setReturnSettings(suite.ctx.app, suite.admin);
});

const act = (who: TestUser, returnId: string, what: string, payload: object = {}) =>
  sendAs(suite.ctx.app, who.cookie, 'POST', `/api/admin/returns/${returnId}/${what}`, payload);

let skus = 0;
async function variantOf(productId: string, price: number, stock: number) {
  skus += 1;
  const [row] = await suite.ctx.db
    .insert(productVariants)
    .values({ productId, sku: `EXCH-${Date.now()}-${skus}`, price, inventoryLevel: stock })
    .returning();
  return row!;
}

const variantStock = async (id: string) =>
  (await suite.ctx.db.select().from(productVariants).where(eq(productVariants.id, id)))[0]!.inventoryLevel;

/** A shopper's delivered order (3 lamps at $30.00) and a return of `quantity` lamps for `variantId`. */
async function exchangeAsked(variantPrice: number, quantity: number, stock = 5) {
  const shopper = await signUp(suite.ctx.app);
  const order = await deliveredOrder(suite.ctx.app, suite.ctx.db, staff, shopper);
  const variant = await variantOf(order.lamp.id, variantPrice, stock);
  const asked = await sendAs(
    suite.ctx.app,
    shopper.cookie,
    'POST',
    `/api/account/orders/${order.order.id}/returns`,
    {
      items: [
        { order_item_id: order.lampLine.id, quantity, reason: 'too_small', exchange_variant_id: variant.id },
      ],
    },
  );
  expect(asked.statusCode, asked.body).toBe(201);
  return { shopper, ...order, variant, made: asked.json() as CustomerReturn };
}

async function receive(returnId: string) {
  const detail = (
    await getAs(suite.ctx.app, staff.cookie, `/api/admin/returns/${returnId}`)
  ).json() as AdminReturnDetail;
  const res = await act(staff, returnId, 'receive', {
    items: detail.items.map((i) => ({ return_item_id: i.id, condition: 'as_new', restock: true })),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AdminReturnDetail;
}

const orderOf = (id: string) =>
  getAs(suite.ctx.app, manager.cookie, `/api/admin/orders/${id}`).then((r) => r.json());
const editsOf = (orderId: string) =>
  queryRows<{ id: string; status: string; amount_due: number; total_before: number; total_after: number }>(
    suite.ctx.db,
    sql`SELECT id, status, amount_due, total_before, total_after FROM order_edits WHERE order_id = ${orderId}`,
  );

describe('an exchange for another variant', () => {
  it('holds the unit at approval, ships it on receipt at the same price with nothing to pay', async () => {
    const { shopper, order, variant, made, lampLine } = await exchangeAsked(3000, 1);
    expect(made.items[0]!.exchange).toMatchObject({ variant_id: variant.id, price: 3000, reserved: false });
    // Asking holds nothing yet.
    expect(await variantStock(variant.id)).toBe(5);
    const approved = await act(staff, made.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect((approved.json() as AdminReturnDetail).items[0]!.exchange).toMatchObject({ reserved: true });
    expect(await variantStock(variant.id)).toBe(4);
    const [approvedMail] = await emailsOf(suite.ctx.db, 'return_approved', shopper.email);
    expect(approvedMail?.text).toContain('In exchange, instead of a refund for these items, we send you:');
    expect(approvedMail?.text).toContain(`(${variant.sku}) × 1`);

    await receive(made.id);
    const [receivedMail] = await emailsOf(suite.ctx.db, 'return_received', shopper.email);
    expect(receivedMail?.text).toContain(`(${variant.sku}) × 1`);
    expect(await variantStock(variant.id)).toBe(4);
    const after = await orderOf(order.id);
    expect(after.total_amount).toBe(order.totalAmount);
    const added = await queryRows<{ quantity: number; price_per_item: number; fulfilled_quantity: number }>(
      suite.ctx.db,
      sql`SELECT quantity, price_per_item, fulfilled_quantity FROM order_items
        WHERE order_id = ${order.id} AND variant_id = ${variant.id}`,
    );
    expect(added).toEqual([{ quantity: 1, price_per_item: 3000, fulfilled_quantity: 0 }]);
    expect(after.items.find((i: { id: string }) => i.id === lampLine.id).refunded_quantity).toBe(1);
    expect(await editsOf(order.id)).toEqual([
      expect.objectContaining({ status: 'committed', amount_due: 0 }),
    ]);
    const [mail] = await emailsOf(suite.ctx.db, 'order_updated', shopper.email);
    expect(mail?.text).not.toContain('/order-payments/');
    // The replacement settles the return: there is nothing left to refund.
    expect((await act(manager, made.id, 'refund', { to_store_credit: false })).statusCode).toBe(409);
    // It ships like any line.
    const shipped = await sendAs(
      suite.ctx.app,
      staff.cookie,
      'POST',
      `/api/admin/orders/${order.id}/fulfil`,
      {},
    );
    expect(shipped.statusCode, shipped.body).toBe(200);
    const timeline = await queryRows<{ type: string; message: string }>(
      suite.ctx.db,
      sql`SELECT type, message FROM order_events WHERE order_id = ${order.id} AND type = 'return_exchanged'`,
    );
    expect(timeline[0]?.message).toContain('nothing to pay');
  });

  it('charges a dearer variant through the payment link, and ships it only once paid', async () => {
    const { shopper, order, variant, made } = await exchangeAsked(3500, 2);
    expect((await act(staff, made.id, 'approve')).statusCode).toBe(200);
    expect(await variantStock(variant.id)).toBe(3);
    await receive(made.id);
    const [edit] = await editsOf(order.id);
    expect(edit).toMatchObject({ status: 'awaiting_payment', amount_due: 1000 });
    expect((await orderOf(order.id)).total_amount).toBe(order.totalAmount + 1000);
    const [mail] = await emailsOf(suite.ctx.db, 'order_updated', shopper.email);
    expect(mail?.text).toMatch(/\/order-payments\/[^\s]+/);
    const blocked = await sendAs(
      suite.ctx.app,
      staff.cookie,
      'POST',
      `/api/admin/orders/${order.id}/fulfil`,
      {},
    );
    expect(blocked.statusCode).toBe(409);
    expect(blocked.json().error.code).toBe('exchange_unpaid');
    await queryRows(
      suite.ctx.db,
      sql`UPDATE order_edits SET status = 'paid', paid_at = now() WHERE id = ${edit!.id}`,
    );
    const shipped = await sendAs(
      suite.ctx.app,
      staff.cookie,
      'POST',
      `/api/admin/orders/${order.id}/fulfil`,
      {},
    );
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(await variantStock(variant.id)).toBe(3);
  });

  it('refunds the difference of a cheaper variant through the refund code', async () => {
    const { order, made } = await exchangeAsked(2500, 1);
    expect((await act(staff, made.id, 'approve')).statusCode).toBe(200);
    await receive(made.id);
    const [edit] = await editsOf(order.id);
    expect(edit).toMatchObject({ status: 'committed', amount_due: 0, total_after: order.totalAmount - 500 });
    const refunds = await queryRows<{ amount: number; status: string; order_edit_id: string }>(
      suite.ctx.db,
      sql`SELECT amount, status, order_edit_id FROM refunds WHERE order_id = ${order.id}`,
    );
    expect(refunds).toEqual([{ amount: 500, status: 'succeeded', order_edit_id: edit!.id }]);
  });

  it('gives the held unit back when the approved return is closed, and holds nothing for a declined one', async () => {
    const first = await exchangeAsked(3000, 2);
    expect((await act(staff, first.made.id, 'approve')).statusCode).toBe(200);
    expect(await variantStock(first.variant.id)).toBe(3);
    expect((await act(staff, first.made.id, 'close')).statusCode).toBe(200);
    expect(await variantStock(first.variant.id)).toBe(5);

    const second = await exchangeAsked(3000, 1);
    const declined = await act(staff, second.made.id, 'decline', { reason: 'Worn' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(await variantStock(second.variant.id)).toBe(5);
  });
});

describe('bad exchanges write nothing', () => {
  it('refuses another product’s variant and an out-of-stock variant when asked', async () => {
    const shopper = await signUp(suite.ctx.app);
    const { order, lampLine, lamp } = await deliveredOrder(suite.ctx.app, suite.ctx.db, staff, shopper);
    const other = await createProduct(suite.ctx.db, { price: 3000, inventoryLevel: 10 });
    const foreign = await variantOf(other.id, 3000, 5);
    const empty = await variantOf(lamp.id, 3000, 0);
    const good = await variantOf(lamp.id, 3200, 3);
    // The form offers the product's own variants in stock, nothing else.
    const options = (
      await getAs(suite.ctx.app, shopper.cookie, `/api/account/orders/${order.id}/returns`)
    ).json();
    expect(options.lines[0].exchange_variants).toEqual([{ id: good.id, title: good.sku, price: 3200 }]);
    expect(options.lines[1].exchange_variants).toEqual([]);
    const ask = (variantId: string) =>
      sendAs(suite.ctx.app, shopper.cookie, 'POST', `/api/account/orders/${order.id}/returns`, {
        items: [
          { order_item_id: lampLine.id, quantity: 1, reason: 'too_small', exchange_variant_id: variantId },
        ],
      });
    const wrong = await ask(foreign.id);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().error.code).toBe('exchange_variant_invalid');
    const none = await ask(empty.id);
    expect(none.statusCode).toBe(409);
    expect(none.json().error.code).toBe('exchange_out_of_stock');
    expect(await returnCount(suite.ctx.db, order.id)).toBe(0);
    expect(await variantStock(foreign.id)).toBe(5);
  });

  it('refuses approval with 409 when the variant sold out since, and the return stays requested', async () => {
    const { made, variant } = await exchangeAsked(3000, 2, 2);
    await suite.ctx.db
      .update(productVariants)
      .set({ inventoryLevel: 1 })
      .where(eq(productVariants.id, variant.id));
    const refused = await act(staff, made.id, 'approve');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('exchange_out_of_stock');
    expect(await variantStock(variant.id)).toBe(1);
    const detail = (
      await getAs(suite.ctx.app, staff.cookie, `/api/admin/returns/${made.id}`)
    ).json() as AdminReturnDetail;
    expect(detail.status).toBe('requested');
    expect(detail.items[0]!.exchange).toMatchObject({ reserved: false });
  });
});
