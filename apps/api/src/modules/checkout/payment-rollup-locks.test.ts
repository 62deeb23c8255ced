import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { appPerTest } from '../../../test/commerce-app.ts';
import { deferred } from '../../../test/concurrency.ts';
import { addCartItem, createCategory, createProduct } from '../../../test/factories.ts';
import { signUp } from '../../../test/sessions.ts';
import { type Db, queryRows } from '../../db/client.ts';
import type { WebhookEmitter } from '../apps/webhook-events.ts';
import type { Mailer } from '../email/mailer.ts';
import type { CheckoutContext } from './checkout-context.ts';
import { finalizeCheckout } from './finalize-checkout.ts';
import { onPostgres, orderBySession, payLocal, startCheckoutOk } from './test-helpers.ts';

const testApp = appPerTest();

/** A signed-in shopper's paid (not yet recorded) checkout of one unit of `productId`. */
async function paidSession(app: FastifyInstance, db: Db, productId: string): Promise<string> {
  const user = await signUp(app);
  await addCartItem(db, user.id, productId, 1);
  const { sessionId } = await startCheckoutOk(app, user.cookie);
  expect((await payLocal(app, sessionId)).statusCode).toBe(303);
  return sessionId;
}

/** Two products of one category, each with a paid checkout of its own shopper. */
async function twoPaymentsInOneCategory() {
  const { app, db } = await testApp.open();
  const category = await createCategory(db);
  const lamp = await createProduct(db, { name: 'Desk Lamp', price: 4999 }, { categoryIds: [category.id] });
  const mug = await createProduct(db, { name: 'Mug', price: 1250 }, { categoryIds: [category.id] });
  return {
    app,
    db,
    category,
    first: await paidSession(app, db, lamp.id),
    second: await paidSession(app, db, mug.id),
  };
}

/**
 * The app's checkout context with a mailer and a webhook emitter that report when the payment's
 * transaction reaches `at` (the confirmation email queued, or the order.paid event emitted, the last
 * statement before the paid UPDATE) and then wait to be let go: the transaction stays open there.
 */
function heldAt(
  ctx: CheckoutContext,
  at: 'email' | 'order.paid',
  onReach: (tx: Parameters<Mailer['queue']>[0]) => Promise<void>,
) {
  const released = deferred();
  const reached = deferred();
  const hold = async (tx: Parameters<Mailer['queue']>[0]) => {
    await onReach(tx);
    reached.resolve();
    await released.promise;
  };
  const mailer: Mailer = {
    ...ctx.mailer,
    async queue(tx, message) {
      if (at === 'email') await hold(tx);
      return ctx.mailer.queue(tx, message);
    },
  };
  const webhooks: WebhookEmitter = {
    async emit(tx, type, data) {
      await ctx.webhooks.emit(tx, type, data);
      if (at === type) await hold(tx as Parameters<Mailer['queue']>[0]);
    },
  };
  return { ctx: { ...ctx, mailer, webhooks }, atPoint: reached.promise, release: () => released.resolve() };
}

const categoryRows = (db: Db, categoryId: string) =>
  queryRows<{ grain: string; units: number }>(
    db,
    sql`SELECT grain, units::int AS units FROM order_category_sales WHERE category_id = ${categoryId} ORDER BY grain`,
  );

describe('recordPayment and the sales rollups', () => {
  it.each(['email', 'order.paid'] as const)(
    'writes the timeline, the cart, the order link, the email and the webhooks before the order turns paid and touches the rollups (seen at the %s)',
    async (at) => {
      const { app, db, category, first } = await twoPaymentsInOneCategory();
      const seen: Array<{ payment_status: string; rollup_rows: number; events: number }> = [];
      const held = heldAt(app.checkout.ctx, at, async (tx) => {
        const [row] = await queryRows<{ payment_status: string; rollup_rows: number; events: number }>(
          tx,
          sql`SELECT o.payment_status,
            (SELECT count(*)::int FROM order_category_sales s WHERE s.category_id = ${category.id}) AS rollup_rows,
            (SELECT count(*)::int FROM order_events e WHERE e.order_id = o.id AND e.type = 'payment_received') AS events
          FROM orders o WHERE o.payment_session_id = ${first}`,
        );
        seen.push(row!);
      });
      held.release();
      const result = await finalizeCheckout(held.ctx, first);
      expect(result.recorded).toBe(true);
      // At the email and at the last webhook, in the payment's own transaction: the timeline line is
      // written, the order not yet paid and the category's rows not yet added to.
      expect(seen).toEqual([{ payment_status: 'unpaid', rollup_rows: 0, events: 1 }]);
      // After commit the order is paid, numbered as its email says, and counted once per grain.
      const order = await orderBySession(db, first);
      expect(order).toMatchObject({
        payment_status: 'paid',
        status: 'processing',
        order_number: result.orderNumber,
      });
      expect(await categoryRows(db, category.id)).toEqual([
        { grain: 'day', units: 1 },
        { grain: 'month', units: 1 },
      ]);
      const [email] = await queryRows<{ subject: string }>(
        db,
        sql`SELECT subject FROM email_outbox WHERE kind = 'order_confirmation'`,
      );
      expect(email!.subject).toContain(`#${result.orderNumber}`);
    },
  );

  it.skipIf(!onPostgres)(
    "two payments of different products in one category: the second completes while the first is still at its last webhook (PostgreSQL: no wait on the first's rollup rows)",
    async () => {
      const { app, db, category, first, second } = await twoPaymentsInOneCategory();
      const held = heldAt(app.checkout.ctx, 'order.paid', async () => {});
      const firstPayment = finalizeCheckout(held.ctx, first);
      await held.atPoint;

      // Either the second payment commits, or it queues on a lock the first one holds: whichever
      // comes first is the outcome (pg_locks read from another connection of the pool). pg_locks
      // shows the whole server's waits, and other test files run at once on databases cloned from
      // one template (the same relation ids): only this database's sessions are counted.
      let settled = false;
      const lockWait = async (): Promise<string> => {
        while (!settled) {
          const waits = await queryRows<{ lock: string }>(
            db,
            sql`SELECT l.locktype || coalesce(' on ' || l.relation::regclass::text, '') AS lock
              FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
              WHERE NOT l.granted AND a.datname = current_database()`,
          );
          if (waits.length > 0) return `waited for ${waits.map((w) => w.lock).join(', ')}`;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        return 'settled';
      };
      const secondPayment = app.checkout.complete(second);
      const outcome = await Promise.race([secondPayment.then((r) => `recorded ${r.recorded}`), lockWait()]);
      settled = true;
      held.release();
      const firstResult = await firstPayment;
      await secondPayment;
      expect(outcome).toBe('recorded true');
      expect(firstResult.recorded).toBe(true);
      expect(await categoryRows(db, category.id)).toEqual([
        { grain: 'day', units: 2 },
        { grain: 'month', units: 2 },
      ]);
    },
    60_000,
  );
});
