import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrder, createProduct } from '../../../test/factories.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { queryRows, type Tx } from '../../db/client.ts';

// What a checkout's lines cost the sales rollups of migration 0031 (decision 0032): an unpaid
// checkout's lines count nowhere until its payment, so inserting them runs none of the rollup
// functions (migration 0049; they ran on every checkout before, for nothing).

/** Calls of the rollup functions in this transaction so far (track_functions must be on). */
async function rollupCalls(tx: Tx): Promise<number> {
  const [row] = await queryRows<{ calls: number }>(
    tx,
    sql`SELECT COALESCE(sum(calls), 0)::int AS calls FROM pg_stat_xact_user_functions
      WHERE funcname IN ('cartwheel_add_product_lines', 'cartwheel_add_product_sales')`,
  );
  return Number(row?.calls ?? 0);
}

class RollBack extends Error {}

describe("a checkout's lines and the sales rollups", () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestApp();
  });
  afterAll(async () => ctx?.close());

  it("runs no rollup function for an unpaid checkout's lines, and still counts a paid order's", async () => {
    const lamp = await createProduct(ctx.db, { name: 'Write-cost Lamp', price: 2500 });
    const seen: Record<string, number> = {};
    await ctx.db
      .transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL track_functions = 'pl'`);
        await createOrder(tx, { orderNumber: null, paymentStatus: 'unpaid', status: 'pending' }, [
          { product: lamp, quantity: 2 },
        ]);
        seen.checkout = await rollupCalls(tx);
        const [stored] = await queryRows<{ n: number }>(
          tx,
          sql`SELECT count(*)::int AS n FROM order_product_sales WHERE product_id = ${lamp.id}`,
        );
        seen.rowsAfterCheckout = Number(stored?.n);
        await createOrder(tx, { paymentStatus: 'paid', status: 'processing' }, [
          { product: lamp, quantity: 3 },
        ]);
        seen.paid = (await rollupCalls(tx)) - seen.checkout;
        const [units] = await queryRows<{ units: string }>(
          tx,
          sql`SELECT units FROM order_product_sales WHERE product_id = ${lamp.id} AND grain = 'day'`,
        );
        seen.paidUnits = Number(units?.units);
        throw new RollBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RollBack)) throw error;
      });
    expect(seen).toEqual({ checkout: 0, rowsAfterCheckout: 0, paid: expect.any(Number), paidUnits: 3 });
    // The control: a paid order's lines still run them (the calls are counted at all).
    expect(seen.paid).toBeGreaterThan(0);
  });
});
