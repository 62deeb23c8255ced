import type { LedgerPage } from '@cartwheel/shared/contracts/finances';
import type { OrderEditResult } from '@cartwheel/shared/contracts/order-edits';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderEdits } from '../../db/schema.ts';
import { payLocal, sessionIdFromUrl } from '../checkout/test-helpers.ts';
import { reconcileEditPayments } from './order-edit-payments.ts';
import { editShop } from './test-helpers.ts';

// What an edit's money does after the edit: the finances ledger's rows, and an amount due paid at the
// provider without the buyer coming back.
const { suite, ids, users, paidOrder, call, commit } = editShop();

describe("an edited order's money", () => {
  it("keeps the finances ledger to what moved: the first payment at what was paid, an amount due as a payment of its own, a lower total's refund", async () => {
    const { app } = suite.ctx;
    // From now on: only this test's movements (a page holds 50).
    const from = new Date(Date.now() - 1000).toISOString();
    const ledgerOf = async (orderId: string) => {
      const to = new Date(Date.now() + 60_000).toISOString();
      const res = await call(
        users.manager,
        'GET',
        `/api/admin/finances/ledger?from=${from}&to=${to}&limit=50`,
      );
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as LedgerPage).items
        .filter((e) => e.order_id === orderId)
        .map((e) => [e.kind, e.amount_in_currency])
        .sort();
    };
    // Lowered: in the order's first total, out the difference; not the new total and the refund too.
    const lowered = (
      await paidOrder([
        [ids.mug, 2],
        [ids.lamp, 2],
      ])
    ).order;
    const down = (
      await commit(lowered.id, { lines: [{ product_id: ids.mug, quantity: 2 }] })
    ).json() as OrderEditResult;
    expect(await ledgerOf(lowered.id)).toEqual(
      [
        ['payment', lowered.totalAmount],
        ['refund', -down.difference],
      ].sort(),
    );

    // Raised: nothing more until the buyer pays the amount due, then that amount as its own payment.
    const raised = (await paidOrder([[ids.mug, 1]])).order;
    const up = (
      await commit(raised.id, {
        lines: [
          { product_id: ids.mug, quantity: 1 },
          { product_id: ids.lamp, quantity: 1 },
        ],
      })
    ).json() as OrderEditResult;
    expect(await ledgerOf(raised.id)).toEqual([['payment', raised.totalAmount]]);
    const path = new URL(up.payment_url!).pathname;
    const opened = await app.inject({ method: 'POST', url: path });
    await payLocal(app, sessionIdFromUrl(opened.headers.location as string));
    await app.inject({ method: 'GET', url: path });
    expect(await ledgerOf(raised.id)).toEqual(
      [
        ['payment', raised.totalAmount],
        ['payment', up.difference],
      ].sort(),
    );
  });

  it('records an amount due the local provider took when the buyer never came back, by the reconciliation job, once', async () => {
    const { app, db } = suite.ctx;
    const { order } = await paidOrder([[ids.mug, 1]]);
    const up = (
      await commit(order.id, {
        lines: [{ product_id: ids.mug, quantity: 2 }],
      })
    ).json() as OrderEditResult;
    const opened = await app.inject({ method: 'POST', url: new URL(up.payment_url!).pathname });
    // Paid at the provider; the buyer's return to the payment page never arrives.
    await payLocal(app, sessionIdFromUrl(opened.headers.location as string));
    const status = async () =>
      (await db.select().from(orderEdits).where(eq(orderEdits.orderId, order.id)))[0]!.status;
    expect(await status()).toBe('awaiting_payment');
    expect(await reconcileEditPayments(app.checkout.ctx)).toBe(1);
    expect(await status()).toBe('paid');
    expect(await reconcileEditPayments(app.checkout.ctx)).toBe(0);
  });
});
