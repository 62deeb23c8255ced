import type { CustomerOrderList } from '@cartwheel/shared/contracts/customer-orders';
import type { CustomerDetail, CustomerList } from '@cartwheel/shared/contracts/customers';
import type { OrderList } from '@cartwheel/shared/contracts/orders';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder } from '../../../test/factories.ts';
import { getAs, okJson } from '../../../test/requests.ts';
import { signUp, signUpAs, type TestUser } from '../../../test/sessions.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { refunds } from '../../db/schema.ts';

// The same customer seen by themselves (/account) and by staff (customer list, customer page, orders
// list): one order count, one total spent, one item count per order (docs/product.md, "Customer figures").
let ctx: TestContext;
let staff: TestUser;
let shopper: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  staff = await signUpAs(ctx.app, ctx.db, 'staff');
  shopper = await signUp(ctx.app);
  const day = (n: number) => new Date(Date.UTC(2026, 4, n, 12));
  // [payment status, status, lines as [price, quantity]]
  const orders = [
    [
      'paid',
      'delivered',
      [
        [1500, 2],
        [500, 1],
      ],
    ], // 2 lines, 3 items, $35.00 spent
    ['paid', 'processing', [[1995, 1]]], // $19.95 spent
    ['refunded', 'cancelled', [[9000, 1]]], // placed, refunded: spent nothing
    ['paid', 'cancelled', [[4000, 3]]], // placed, cancelled before a refund: spent nothing
    ['partially_refunded', 'delivered', [[5000, 1]]], // $12.00 of $50.00 refunded: $38.00 spent
    ['unpaid', 'pending', [[700, 1]]], // never paid, went nowhere: not a placed order
  ] as const;
  for (const [i, [paymentStatus, status, lines]] of orders.entries()) {
    const made = await createOrder(
      ctx.db,
      { customerId: shopper.id, customerEmail: shopper.email, paymentStatus, status, createdAt: day(i + 1) },
      lines.map(([pricePerItem, quantity]) => ({ pricePerItem, quantity })),
    );
    if (paymentStatus === 'partially_refunded') {
      const refund = { orderId: made.order.id, currency: 'USD', reason: 'Scratched', provider: 'manual' };
      await ctx.db.insert(refunds).values([
        { ...refund, amount: 1200, status: 'succeeded', succeededAt: new Date() },
        // Neither a failed refund nor one under way gave anything back.
        { ...refund, amount: 700, status: 'failed' },
        { ...refund, amount: 300 },
      ]);
    }
  }
});
afterAll(async () => ctx?.close());

const asStaff = (url: string) => getAs(ctx.app, staff.cookie, url);

describe("a customer's figures", () => {
  it('are the same on the account page and in the back office, with cancelled and refunded orders among them', async () => {
    const account = okJson<CustomerOrderList>(await getAs(ctx.app, shopper.cookie, '/api/account/orders'));
    const detail = okJson<CustomerDetail>(await asStaff(`/api/admin/customers/${shopper.id}`));
    const list = okJson<CustomerList>(await asStaff('/api/admin/customers?limit=50'));
    const row = list.items.find((c) => c.id === shopper.id);

    const expected = { order_count: 5, total_spent: 3500 + 1995 + 3800 };
    expect(account.figures).toEqual(expected);
    expect(detail).toMatchObject(expected);
    // Averaged over the orders it holds money of: two paid and the partially refunded one.
    expect(detail.average_order).toBe(Math.round((3500 + 1995 + 3800) / 3));
    expect(row).toMatchObject(expected);
    // The history lists exactly the orders counted; the customer page the same ones.
    expect(account.items).toHaveLength(expected.order_count);
    expect(detail.orders.map((o) => o.id)).toEqual(account.items.map((o) => o.id));
  });

  it("count an order's items as units on the account page, the customer page and the orders list", async () => {
    const account = okJson<CustomerOrderList>(await getAs(ctx.app, shopper.cookie, '/api/account/orders'));
    const detail = okJson<CustomerDetail>(await asStaff(`/api/admin/customers/${shopper.id}`));
    const orders = okJson<OrderList>(
      await asStaff(`/api/admin/orders?search=${encodeURIComponent(shopper.email)}`),
    );
    const first = account.items.at(-1);
    expect(first?.order_items).toHaveLength(2);
    expect(first?.item_count).toBe(3);
    const byId = (items: Array<{ id: string; item_count: number }>) =>
      Object.fromEntries(items.map((o) => [o.id, o.item_count]));
    const shopperCounts = byId(account.items);
    expect(byId(detail.orders)).toEqual(shopperCounts);
    for (const [id, count] of Object.entries(byId(orders.items))) {
      if (id in shopperCounts) expect(count).toBe(shopperCounts[id]);
    }
    expect(Object.keys(byId(orders.items))).toEqual(expect.arrayContaining(Object.keys(shopperCounts)));
  });
});
