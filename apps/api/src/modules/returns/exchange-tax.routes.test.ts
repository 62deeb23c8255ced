import type { AdminReturnDetail, CustomerReturn } from '@cartwheel/shared/contracts/returns';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appWithAdminPerFile } from '../../../test/commerce-app.ts';
import { addCartItem, createProduct } from '../../../test/factories.ts';
import { getAs, sendAs } from '../../../test/requests.ts';
import { signUp, signUpAs, type TestUser } from '../../../test/sessions.ts';
import { queryRows } from '../../db/client.ts';
import { orders, products, productVariants } from '../../db/schema.ts';
import { completeCheckout, payLocal, sessionIdFromUrl } from '../checkout/test-helpers.ts';
import { addMarket } from '../markets/test-helpers.ts';
import { adminCall } from '../pricing/quote-test-helpers.ts';
import { setReturnSettings } from './test-helpers.ts';

// An exchange's price difference comes from the checkout's pricing (decision 0086): orders placed
// through the checkout in a zone taxed at 10%, the replacement priced for the order's place and market.
const suite = appWithAdminPerFile();
let staff: TestUser;
const sizes = { product: '', s: '', l: '', xs: '', method: '' };

const US = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  address: '1 Main St',
  city: 'Portland',
  postalCode: '97201',
  country: 'US',
  state: 'OR',
};

beforeAll(async () => {
  const { db, app } = suite.ctx;
  staff = await signUpAs(app, db, 'manager');
  await setReturnSettings(app, suite.admin);
  const zone = await adminCall(suite, 'POST', '/api/admin/shipping/zones', {
    name: 'United States',
    countries: ['US'],
    methods: [{ name: 'Standard', kind: 'flat', amount_cents: 500 }],
  });
  sizes.method = zone.methods[0].id;
  await adminCall(suite, 'PUT', '/api/admin/shipping/taxes/US', {
    rates: [{ name: 'Sales tax', rate_bps: 1000 }],
  });
  await addMarket(db, { handle: 'eu', currency: 'EUR', rate: '0.92', rounding: 'x.99' });
  sizes.product = (await createProduct(db, { name: 'Linen Shirt', price: 3000, inventoryLevel: 50 })).id;
  for (const [size, price] of [
    ['s', 3000],
    ['l', 3500],
    ['xs', 2500],
  ] as const) {
    const [row] = await db
      .insert(productVariants)
      .values({ productId: sizes.product, sku: `SHIRT-${size.toUpperCase()}`, price, inventoryLevel: 20 })
      .returning();
    sizes[size] = row!.id;
  }
});

/** One size S shirt bought through the checkout (local card) and delivered; `market` prices it there. */
async function deliveredShirt(market?: string) {
  const { app, db } = suite.ctx;
  const buyer = await signUp(app);
  await addCartItem(db, buyer.id, sizes.product, 1, sizes.s);
  const res = await app.inject({
    method: 'POST',
    url: '/api/checkout/sessions',
    headers: { cookie: buyer.cookie },
    payload: {
      customer_info: { ...US, email: buyer.email },
      shipping_method_id: sizes.method,
      ...(market ? { market } : {}),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const sessionId = sessionIdFromUrl(res.json().url);
  expect((await payLocal(app, sessionId)).statusCode).toBe(303);
  expect((await completeCheckout(app, buyer.cookie, sessionId)).statusCode).toBe(200);
  const [order] = await db.select().from(orders).where(eq(orders.paymentSessionId, sessionId));
  for (const step of ['fulfil', 'deliver']) {
    const done = await sendAs(app, staff.cookie, 'POST', `/api/admin/orders/${order!.id}/${step}`, {});
    expect(done.statusCode, done.body).toBe(200);
  }
  const [line] = await queryRows<{
    id: string;
    price_per_item: number;
    total_amount: number;
    tax_amount: number;
  }>(
    db,
    sql`SELECT id, price_per_item, total_amount, tax_amount FROM order_items WHERE order_id = ${order!.id}`,
  );
  return { buyer, order: order!, line: line! };
}

/** The shopper asks to exchange their shirt for `variantId`; staff approve and receive it. */
async function exchange(shirt: Awaited<ReturnType<typeof deliveredShirt>>, variantId: string) {
  const { app } = suite.ctx;
  const asked = await sendAs(
    app,
    shirt.buyer.cookie,
    'POST',
    `/api/account/orders/${shirt.order.id}/returns`,
    {
      items: [
        { order_item_id: shirt.line.id, quantity: 1, reason: 'too_small', exchange_variant_id: variantId },
      ],
    },
  );
  expect(asked.statusCode, asked.body).toBe(201);
  const made = asked.json() as CustomerReturn;
  const approved = await sendAs(app, staff.cookie, 'POST', `/api/admin/returns/${made.id}/approve`, {});
  expect(approved.statusCode, approved.body).toBe(200);
  const detail = (
    await getAs(app, staff.cookie, `/api/admin/returns/${made.id}`)
  ).json() as AdminReturnDetail;
  const received = await sendAs(app, staff.cookie, 'POST', `/api/admin/returns/${made.id}/receive`, {
    items: detail.items.map((i) => ({ return_item_id: i.id, condition: 'as_new', restock: true })),
  });
  expect(received.statusCode, received.body).toBe(200);
  const db = suite.ctx.db;
  const [edit] = await queryRows<{ status: string; amount_due: number; currency: string }>(
    db,
    sql`SELECT status, amount_due, currency FROM order_edits WHERE order_id = ${shirt.order.id}`,
  );
  const [added] = await queryRows<{ price_per_item: number; total_amount: number; tax_amount: number }>(
    db,
    sql`SELECT price_per_item, total_amount, tax_amount FROM order_items
      WHERE order_id = ${shirt.order.id} AND variant_id = ${variantId}`,
  );
  const [after] = await db.select().from(orders).where(eq(orders.id, shirt.order.id));
  const [taxLines] = await queryRows<{ sum: number }>(
    db,
    sql`SELECT COALESCE(sum(amount), 0)::int AS sum FROM order_tax_lines WHERE order_id = ${shirt.order.id}`,
  );
  const refunds = await queryRows<{ amount: number; status: string }>(
    db,
    sql`SELECT amount, status FROM refunds WHERE order_id = ${shirt.order.id}`,
  );
  return {
    edit: edit!,
    added: added!,
    after: after!,
    taxLinesSum: Number(taxLines!.sum),
    refunds,
    detail: received.json() as AdminReturnDetail,
  };
}

describe('an exchange’s price difference, with tax', () => {
  it('charges a dearer size its price difference plus the tax on it', async () => {
    const shirt = await deliveredShirt();
    expect(shirt.line).toMatchObject({ price_per_item: 3000, total_amount: 3000, tax_amount: 300 });
    const { edit, added, after, taxLinesSum } = await exchange(shirt, sizes.l);
    // $35.00 + $3.50 tax for the L, less the $30.00 + $3.00 paid for the S.
    expect(edit).toMatchObject({ status: 'awaiting_payment', amount_due: 550, currency: 'USD' });
    expect(added).toEqual({ price_per_item: 3500, total_amount: 3500, tax_amount: 350 });
    expect(after.totalAmount).toBe(shirt.order.totalAmount + 550);
    expect(after.subtotalAmount).toBe(shirt.order.subtotalAmount + 500);
    expect(after.taxAmount).toBe(shirt.order.taxAmount + 50);
    // The order's tax lines still add up to its tax (the invoice prints them).
    expect(taxLinesSum).toBe(after.taxAmount);
  });

  it('refunds a cheaper size its price difference plus the tax on it', async () => {
    const shirt = await deliveredShirt();
    const { edit, added, after, refunds } = await exchange(shirt, sizes.xs);
    expect(edit).toMatchObject({ status: 'committed', amount_due: 0 });
    expect(added).toEqual({ price_per_item: 2500, total_amount: 2500, tax_amount: 250 });
    expect(refunds).toEqual([{ amount: 550, status: 'succeeded' }]);
    expect(after.totalAmount).toBe(shirt.order.totalAmount - 550);
    expect(after.taxAmount).toBe(shirt.order.taxAmount - 50);
  });

  it('prices the replacement in the order’s market and currency, as the checkout priced the order', async () => {
    const shirt = await deliveredShirt('eu');
    expect(shirt.order.currency).toBe('EUR');
    // $30.00 at 0.92, rounded to .99: €27.99; the L's $35.00 is €32.99.
    expect(shirt.line.price_per_item).toBe(2799);
    const { edit, added, after, detail } = await exchange(shirt, sizes.l);
    expect(added.price_per_item).toBe(3299);
    // Staff see the replacement at the price it joined the order at, in euros.
    expect(detail.items[0]!.exchange).toMatchObject({ price: 3299 });
    const due = added.total_amount + added.tax_amount - (shirt.line.total_amount + shirt.line.tax_amount);
    expect(due).toBe(500 + 50);
    expect(edit).toMatchObject({ status: 'awaiting_payment', amount_due: due, currency: 'EUR' });
    expect(after.totalAmount).toBe(shirt.order.totalAmount + due);
    // The base amounts follow at the order's own rate.
    expect(after.baseTotalAmount).toBeGreaterThan(shirt.order.baseTotalAmount!);
  });

  it('refuses to receive with 409 when the replacement is no longer sold, and the return stays approved', async () => {
    const { app, db } = suite.ctx;
    const shirt = await deliveredShirt();
    const asked = await sendAs(
      app,
      shirt.buyer.cookie,
      'POST',
      `/api/account/orders/${shirt.order.id}/returns`,
      {
        items: [
          { order_item_id: shirt.line.id, quantity: 1, reason: 'too_small', exchange_variant_id: sizes.l },
        ],
      },
    );
    const made = asked.json() as CustomerReturn;
    expect(
      (await sendAs(app, staff.cookie, 'POST', `/api/admin/returns/${made.id}/approve`, {})).statusCode,
    ).toBe(200);
    await db.update(products).set({ isVisible: false }).where(eq(products.id, sizes.product));
    try {
      const detail = (
        await getAs(app, staff.cookie, `/api/admin/returns/${made.id}`)
      ).json() as AdminReturnDetail;
      const refused = await sendAs(app, staff.cookie, 'POST', `/api/admin/returns/${made.id}/receive`, {
        items: detail.items.map((i) => ({ return_item_id: i.id, condition: 'as_new', restock: true })),
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('exchange_unavailable');
      const after = (
        await getAs(app, staff.cookie, `/api/admin/returns/${made.id}`)
      ).json() as AdminReturnDetail;
      expect(after.status).toBe('approved');
      const edits = await queryRows(db, sql`SELECT id FROM order_edits WHERE order_id = ${shirt.order.id}`);
      expect(edits).toEqual([]);
    } finally {
      await db.update(products).set({ isVisible: true }).where(eq(products.id, sizes.product));
    }
  });
});
