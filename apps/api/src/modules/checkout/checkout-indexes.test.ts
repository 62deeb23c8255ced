import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createOrder } from '../../../test/factories.ts';
import { planOf } from '../../../test/plan-of.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { queryRows } from '../../db/client.ts';
import { openCheckoutsOf } from './earlier-checkouts.ts';

// Which index each of these reads takes (migration 0049, decision 0047). A checkout looks up the
// shopper's open checkouts on every call; a shopper with a long history must not make it read every
// order they ever had. The back office's order search and status filter read indexes that leave
// unpaid checkouts out, so a checkout does not write to them.

describe('the indexes of checkouts and of order lists', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx?.close());

  it("finds a shopper's open checkouts through the index of open checkouts, not their order history", async () => {
    const shopper = await createCustomer(ctx.db);
    for (let i = 0; i < 30; i++) {
      await createOrder(ctx.db, { customerId: shopper.id, orderNumber: null, status: 'cancelled' });
    }
    await createOrder(ctx.db, { customerId: shopper.id, orderNumber: null, paymentStatus: 'unpaid' });
    await ctx.db.execute(sql`ANALYZE orders`);
    const plan = await planOf(
      ctx.db,
      sql`SELECT o.id FROM orders o WHERE ${openCheckoutsOf({ userId: shopper.id })} ORDER BY o.id FOR UPDATE OF o`,
    );
    expect(plan).toContain('orders_open_checkouts_idx');
  });

  it('keeps unpaid checkouts out of the indexes only order lists and searches read', async () => {
    // Each list and search of orders reads IS_ORDER (orders/order-sql.ts: order_number IS NOT NULL),
    // which implies these predicates, so they still use them.
    const rows = await queryRows<{ indexname: string; indexdef: string }>(
      ctx.db,
      sql`SELECT indexname, indexdef FROM pg_indexes WHERE tablename = 'orders'
        AND indexname IN ('orders_search_trgm_idx', 'orders_status_idx', 'orders_total_idx') ORDER BY 1`,
    );
    expect(rows.map((r) => [r.indexname, /WHERE \(?order_number IS NOT NULL\)?$/.test(r.indexdef)])).toEqual([
      ['orders_search_trgm_idx', true],
      ['orders_status_idx', true],
      ['orders_total_idx', true],
    ]);
  });
});
