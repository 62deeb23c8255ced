import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appWithAdminPerFile } from '../../../test/commerce-app.ts';
import { addCartItem, createProduct, giftCardInCart } from '../../../test/factories.ts';
import { signUp, signUpAs, type TestUser } from '../../../test/sessions.ts';
import { queryRows } from '../../db/client.ts';
import {
  cartLinesOf,
  completeCheckout,
  payLocal,
  SHIPPING_INFO,
  sessionIdFromUrl,
  startCheckout,
  withShippingZones,
} from '../checkout/test-helpers.ts';
import { POS_ADDRESS } from '../draft-orders/test-helpers.ts';
import { sendDueGiftCards } from '../gift-cards/gift-card-orders.ts';
import { adminCall } from '../pricing/quote-test-helpers.ts';
import { DEFAULT_TAX_RATES } from '../shipping/default-tax-rates.ts';
import { taxRates } from '../shipping/shipping.schema.ts';
import { sendPaymentReminders } from './payment-terms.ts';

// A wholesale customer's checkout: the price list and tiers charged, a retail customer and a guest
// never charged them, the minimum order, tax exemption and net payment terms (decision 0093).
const suite = appWithAdminPerFile();
const admin = (method: 'POST' | 'PUT', url: string, payload: object) =>
  adminCall(suite, method, url, payload);

let tote = '';
let trade = '';
let net30 = '';
const entry = {
  product_id: null,
  variant_id: null,
  category_id: null,
  min_quantity: 1,
  price: null,
  currency: null,
  percent_off_bps: null,
};

beforeAll(async () => {
  const { app, db } = suite.ctx;
  // The UK's 20% VAT on the "Everywhere" zone's orders to London.
  await db.execute(sql`DELETE FROM tax_rates`);
  await db.insert(taxRates).values(DEFAULT_TAX_RATES.map((r) => ({ ...r })));
  await withShippingZones(app);
  tote = (await createProduct(db, { name: 'Tote', price: 1000, inventoryLevel: 500 })).id;
  trade = (
    await admin('POST', '/api/admin/customer-groups', {
      name: 'Trade',
      min_order_amount: 5000,
      payment_terms_days: null,
    })
  ).id;
  net30 = (
    await admin('POST', '/api/admin/customer-groups', {
      name: 'Net 30',
      min_order_amount: null,
      payment_terms_days: 30,
    })
  ).id;
  await admin('POST', '/api/admin/price-lists', {
    name: 'Trade prices',
    group_id: trade,
    entries: [
      { ...entry, product_id: tote, price: 800, currency: 'USD' },
      { ...entry, product_id: tote, min_quantity: 10, price: 700, currency: 'USD' },
    ],
  });
  await admin('POST', '/api/admin/price-lists', {
    name: 'Net 30 prices',
    group_id: net30,
    entries: [{ ...entry, percent_off_bps: 1000 }],
  });
});

async function customer(group: string | null, exemption: string | null = null): Promise<TestUser> {
  const user = await signUp(suite.ctx.app);
  if (group || exemption) {
    await admin('PUT', `/api/admin/customers/${user.id}/wholesale`, {
      customer_group_id: group,
      tax_exemption_number: exemption,
    });
  }
  return user;
}

interface OrderRow {
  id: string;
  order_number: number | null;
  status: string;
  payment_status: string;
  payment_method: string | null;
  payment_session_id: string | null;
  subtotal_amount: number;
  tax_amount: number;
  total_amount: number;
  tax_exemption_number: string | null;
  expires_at: string | null;
  due_in_days: number | null;
  price_per_item: number;
}

const ordersOf = (customerId: string | null, email?: string) =>
  queryRows<OrderRow>(
    suite.ctx.db,
    sql`SELECT o.id, o.order_number, o.status, o.payment_status, o.payment_method, o.payment_session_id,
        o.subtotal_amount, o.tax_amount, o.total_amount, o.tax_exemption_number, o.expires_at,
        round(extract(epoch FROM o.payment_due_at - o.created_at) / 86400)::int AS due_in_days,
        (SELECT i.price_per_item FROM order_items i WHERE i.order_id = o.id LIMIT 1) AS price_per_item
      FROM orders o WHERE ${customerId ? sql`o.customer_id = ${customerId}::uuid` : sql`o.customer_email = ${email ?? ''}`}
      ORDER BY o.created_at`,
  );

async function checkout(user: TestUser, quantity: number) {
  await addCartItem(suite.ctx.db, user.id, tote, quantity);
  return startCheckout(suite.ctx.app, user.cookie);
}

describe('a wholesale checkout', () => {
  it("charges a group member the price list's tier price, and the list price below the tier", async () => {
    const member = await customer(trade);
    const res = await checkout(member, 10);
    expect(res.statusCode, res.body).toBe(200);
    const [order] = await ordersOf(member.id);
    // 10 × 7.00 = 70.00; the local provider's payment session is opened as for anyone.
    expect(order).toMatchObject({ subtotal_amount: 7000, price_per_item: 700, payment_status: 'unpaid' });
    expect(order!.payment_session_id).not.toBeNull();
    expect(await payLocal(suite.ctx.app, sessionIdFromUrl(res.json().url))).toMatchObject({
      statusCode: 303,
    });

    const other = await customer(trade);
    expect((await checkout(other, 7)).statusCode).toBe(200);
    expect((await ordersOf(other.id))[0]).toMatchObject({ subtotal_amount: 5600, price_per_item: 800 });
  });

  it('charges a retail customer and a guest the retail price', async () => {
    const retail = await customer(null);
    expect((await checkout(retail, 10)).statusCode).toBe(200);
    expect((await ordersOf(retail.id))[0]).toMatchObject({ subtotal_amount: 10_000, price_per_item: 1000 });

    const email = `guest-${randomUUID()}@example.com`;
    const guest = await suite.ctx.app.inject({
      method: 'POST',
      url: '/api/checkout/sessions',
      payload: {
        customer_info: { ...SHIPPING_INFO, email },
        guest: { checkout_key: randomUUID(), lines: [{ product_id: tote, variant_id: null, quantity: 10 }] },
      },
    });
    expect(guest.statusCode, guest.body).toBe(200);
    expect((await ordersOf(null, email))[0]).toMatchObject({ subtotal_amount: 10_000, price_per_item: 1000 });
  });

  it("refuses an order under the group's minimum with a 422 that says what is missing, and writes nothing", async () => {
    const member = await customer(trade);
    const res = await checkout(member, 2);
    expect(res.statusCode).toBe(422);
    // 2 × 8.00 = 16.00 of a 50.00 minimum.
    expect(res.json().error).toMatchObject({
      code: 'minimum_order_not_met',
      message: 'Your wholesale orders start at $50.00. Add $34.00 more to check out.',
      details: { minimum: 5000, short_by: 3400, currency: 'USD' },
    });
    expect(await ordersOf(member.id)).toEqual([]);
    const [stock] = await queryRows<{ inventory_level: number }>(
      suite.ctx.db,
      sql`SELECT inventory_level FROM products WHERE id = ${tote}::uuid`,
    );
    // Only the earlier tests' open checkouts hold units.
    expect(stock!.inventory_level).toBeGreaterThan(0);
  });

  it('charges a tax-exempt customer no tax and keeps their exemption number on the order', async () => {
    const exempt = await customer(null, 'EX-4471');
    const res = await checkout(exempt, 1);
    expect(res.statusCode, res.body).toBe(200);
    const [order] = await ordersOf(exempt.id);
    expect(order).toMatchObject({ tax_amount: 0, tax_exemption_number: 'EX-4471' });
    const lines = await queryRows(
      suite.ctx.db,
      sql`SELECT 1 FROM order_tax_lines WHERE order_id = ${order!.id}::uuid`,
    );
    expect(lines).toEqual([]);
    const sessionId = sessionIdFromUrl(res.json().url);
    expect((await payLocal(suite.ctx.app, sessionId)).statusCode).toBe(303);
    expect((await completeCheckout(suite.ctx.app, exempt.cookie, sessionId)).statusCode).toBe(200);
    const page = await suite.ctx.app.inject({
      method: 'GET',
      url: `/api/account/orders/${order!.id}`,
      headers: { cookie: exempt.cookie },
    });
    expect(page.json()).toMatchObject({ tax_amount: 0, tax_exemption_number: 'EX-4471' });

    // The same order without the exemption carries the UK's 20% VAT.
    const taxed = await customer(null);
    expect((await checkout(taxed, 1)).statusCode).toBe(200);
    expect((await ordersOf(taxed.id))[0]!.tax_amount).toBeGreaterThan(0);
    expect((await ordersOf(taxed.id))[0]!.tax_exemption_number).toBeNull();
  });
});

describe('a draft order for a wholesale customer', () => {
  it("is priced at their group's tier and without tax when they are exempt", async () => {
    const member = await customer(trade, 'EX-9001');
    const draft = await suite.ctx.app.inject({
      method: 'POST',
      url: '/api/admin/draft-orders',
      headers: { cookie: suite.admin.cookie },
      payload: {
        lines: [{ product_id: tote, quantity: 10 }],
        customer_id: member.id,
        email: member.email,
        shipping_address: {
          ...POS_ADDRESS,
          country: 'GB',
          state_province: null,
          postal_code: 'N1 9GU',
          city: 'London',
        },
      },
    });
    expect(draft.statusCode, draft.body).toBe(201);
    expect(draft.json().quote.priced).toMatchObject({ subtotal: 7000, tax: 0 });
    expect(draft.json().quote.priced.lines[0]).toMatchObject({ unit_price: 700 });
  });
});

describe('net payment terms', () => {
  it('places the order unpaid with a due date and no card payment; staff record the invoice paid once', async () => {
    const { app, db } = suite.ctx;
    const member = await customer(net30);
    const res = await checkout(member, 3);
    expect(res.statusCode, res.body).toBe(200);
    const url = new URL(res.json().url);
    expect(url.pathname).toBe('/checkout/success');
    const [order] = await ordersOf(member.id);
    // 3 × (10.00 − 10%) = 27.00, placed on net 30: numbered, processing, unpaid, no hold to expire.
    expect(order).toMatchObject({
      subtotal_amount: 2700,
      status: 'processing',
      payment_status: 'unpaid',
      payment_method: 'invoice',
      payment_session_id: null,
      expires_at: null,
      due_in_days: 30,
    });
    expect(order!.order_number).not.toBeNull();
    expect(await cartLinesOf(db, member.id)).toEqual([]);
    const receipt = await app.inject({
      method: 'GET',
      url: `/api/checkout/receipts/${encodeURIComponent(url.searchParams.get('receipt') ?? '')}`,
    });
    expect(receipt.json()).toMatchObject({ state: 'paid', order: { payment_status: 'unpaid' } });
    expect(receipt.json().order.payment_due_at).toEqual(expect.any(String));

    const paidUrl = `/api/admin/wholesale/orders/${order!.id}/paid`;
    const staff = await signUpAs(app, db, 'staff');
    expect(
      (await app.inject({ method: 'POST', url: paidUrl, headers: { cookie: staff.cookie } })).statusCode,
    ).toBe(403);
    const manager = await signUpAs(app, db, 'manager');
    const paid = await app.inject({ method: 'POST', url: paidUrl, headers: { cookie: manager.cookie } });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ payment_status: 'paid' });
    expect((await ordersOf(member.id))[0]).toMatchObject({ payment_status: 'paid' });
    const again = await app.inject({ method: 'POST', url: paidUrl, headers: { cookie: manager.cookie } });
    expect(again.statusCode).toBe(409);
    const audit = await queryRows(
      db,
      sql`SELECT 1 FROM audit_log WHERE action = 'order.invoice_paid' AND target_id = ${order!.id}`,
    );
    expect(audit).toHaveLength(1);
  });

  it('issues a gift card bought on terms only once its invoice is paid, at its face value', async () => {
    const { app, db } = suite.ctx;
    const member = await customer(net30);
    await giftCardInCart(db, member.id, 'grace-terms@example.com');
    const res = await startCheckout(app, member.cookie);
    expect(res.statusCode, res.body).toBe(200);
    const [order] = await ordersOf(member.id);
    expect(order).toMatchObject({
      payment_status: 'unpaid',
      payment_method: 'invoice',
      price_per_item: 5000,
    });
    const cards = () =>
      queryRows<{ initial_amount: number; sent: boolean }>(
        db,
        sql`SELECT initial_amount, sent_at IS NOT NULL AS sent FROM gift_cards WHERE order_id = ${order!.id}::uuid`,
      );
    // Unpaid, the card is money not yet received: none exists, none is emailed.
    expect(await sendDueGiftCards(app.checkout.ctx)).toBe(0);
    expect(await cards()).toEqual([]);
    const manager = await signUpAs(app, db, 'manager');
    const paid = await app.inject({
      method: 'POST',
      url: `/api/admin/wholesale/orders/${order!.id}/paid`,
      headers: { cookie: manager.cookie },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await sendDueGiftCards(app.checkout.ctx);
    expect(await cards()).toEqual([{ initial_amount: 5000, sent: true }]);
  });

  it('emails one reminder when an open invoice comes due within three days', async () => {
    const { app, db } = suite.ctx;
    const member = await customer(net30);
    expect((await checkout(member, 2)).statusCode).toBe(200);
    const reminders = () =>
      queryRows<{ to: string; subject: string }>(
        db,
        sql`SELECT "to", subject FROM email_outbox WHERE kind = 'payment_reminder'`,
      );
    expect(await sendPaymentReminders(app.checkout.ctx, new Date())).toBe(0);
    // The earlier test's invoice was paid: only this order's is open.
    const soon = new Date(Date.now() + 28 * 86_400_000);
    expect(await sendPaymentReminders(app.checkout.ctx, soon)).toBe(1);
    expect(await sendPaymentReminders(app.checkout.ctx, soon)).toBe(0);
    const [order] = await ordersOf(member.id);
    expect(await reminders()).toEqual([
      {
        to: SHIPPING_INFO.email,
        subject: expect.stringContaining(`order #${order!.order_number} is due on`),
      },
    ]);
  });
});

describe('the back office', () => {
  it('refuses a bad price list with a 400 and writes nothing, and staff may not change groups', async () => {
    const { app, db } = suite.ctx;
    const count = async () =>
      Number((await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM price_lists`))[0]!.n);
    const before = await count();
    const post = (payload: object, cookie = suite.admin.cookie) =>
      app.inject({ method: 'POST', url: '/api/admin/price-lists', headers: { cookie }, payload });
    const noCurrency = await post({
      name: 'Bad',
      group_id: trade,
      entries: [{ ...entry, product_id: tote, price: 500 }],
    });
    expect(noCurrency.statusCode).toBe(400);
    const unknown = await post({
      name: 'Bad',
      group_id: trade,
      entries: [{ ...entry, product_id: randomUUID(), price: 500, currency: 'USD' }],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatchObject({
      code: 'price_list_entry_unknown',
      details: [{ field: 'body.entries.0' }],
    });
    expect(await count()).toBe(before);

    const staff = await signUpAs(app, db, 'staff');
    const group = await app.inject({
      method: 'POST',
      url: '/api/admin/customer-groups',
      headers: { cookie: staff.cookie },
      payload: { name: 'Sneaky', min_order_amount: null, payment_terms_days: null },
    });
    expect(group.statusCode).toBe(403);
    const list = await app.inject({
      method: 'GET',
      url: '/api/admin/customer-groups',
      headers: { cookie: staff.cookie },
    });
    expect(list.json().items.map((g: { name: string }) => g.name)).toEqual(['Net 30', 'Trade']);
  });

  it('records groups, price lists and a customer put in a group in the audit log', async () => {
    const actions = await queryRows<{ action: string; n: number }>(
      suite.ctx.db,
      sql`SELECT action, count(*)::int AS n FROM audit_log
        WHERE action IN ('customer_group.created', 'price_list.created', 'customer.wholesale_updated')
        GROUP BY action ORDER BY action`,
    );
    // Two groups and two lists in beforeAll; each test's customers put in a group or made exempt.
    expect(actions.map((a) => a.action)).toEqual([
      'customer.wholesale_updated',
      'customer_group.created',
      'price_list.created',
    ]);
    expect(actions.find((a) => a.action === 'customer_group.created')?.n).toBe(2);
  });
});
