import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appPerFile } from '../../../test/commerce-app.ts';
import { addCartItem, createProduct } from '../../../test/factories.ts';
import { signUp, signUpAs, type TestUser } from '../../../test/sessions.ts';
import { queryRows } from '../../db/client.ts';
import { completeCheckout, payLocal, startCheckoutOk, withShippingZones } from '../checkout/test-helpers.ts';
import { sellAtTill } from '../draft-orders/test-helpers.ts';
import { localPaymentId } from '../payments/local-provider.ts';

// The ledger's reference is the one the provider's own records find (Stripe's payment intent is in
// payments/stripe.test.ts): never the session id, which for the local provider is its pay page's key.
const suite = appPerFile();
let manager: TestUser;

beforeAll(async () => {
  manager = await signUpAs(suite.ctx.app, suite.ctx.db, 'manager');
  await withShippingZones(suite.ctx.app);
});

const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  suite.ctx.app.inject({ method, url, headers: { cookie: manager.cookie }, ...(payload ? { payload } : {}) });

const DAY = 86_400_000;
const range = () =>
  `from=${new Date(Date.now() - DAY).toISOString()}&to=${new Date(Date.now() + DAY).toISOString()}`;

async function ledgerReference(orderId: string) {
  const ledger = (await call('GET', `/api/admin/finances/ledger?${range()}&limit=50`)).json();
  return ledger.items.find(
    (e: { order_id: string; kind: string }) => e.order_id === orderId && e.kind === 'payment',
  )?.reference;
}

describe("the Finances ledger's payment reference", () => {
  it("is the local provider's payment id for a card payment, in the ledger and its CSV", async () => {
    const shopper = await signUp(suite.ctx.app);
    const product = await createProduct(suite.ctx.db, { price: 1500, inventoryLevel: 3 });
    await addCartItem(suite.ctx.db, shopper.id, product.id, 1);
    const { sessionId } = await startCheckoutOk(suite.ctx.app, shopper.cookie);
    expect((await payLocal(suite.ctx.app, sessionId)).statusCode).toBe(303);
    const done = await completeCheckout(suite.ctx.app, shopper.cookie, sessionId);
    expect(done.statusCode, done.body).toBe(200);
    const [order] = await queryRows<{ id: string; payment_reference: string }>(
      suite.ctx.db,
      sql`SELECT id, payment_reference FROM orders WHERE payment_session_id = ${sessionId}`,
    );
    expect(order!.payment_reference).toBe(localPaymentId(sessionId));
    expect(order!.payment_reference).toMatch(/^pay_local_[0-9a-f]{24}$/);
    expect(await ledgerReference(order!.id)).toBe(order!.payment_reference);
    const csv = (await call('GET', `/api/admin/finances/ledger/export?${range()}`)).body;
    expect(csv.split('\n').find((l) => l.endsWith(`,${order!.payment_reference}`))).toContain(',payment,');
    expect(csv).not.toContain(sessionId);
  });

  it("is the draft order's number for cash at Point of Sale", async () => {
    const product = await createProduct(suite.ctx.db, { price: 2000, inventoryLevel: 3 });
    const paid = await sellAtTill(call, {
      lines: [{ product_id: product.id, quantity: 1 }],
      email: `till-${Date.now()}@example.com`,
      first_name: 'Grace',
      last_name: 'Hopper',
    });
    const [draft] = await queryRows<{ draft_number: number }>(
      suite.ctx.db,
      sql`SELECT draft_number FROM draft_orders WHERE order_id = ${paid.order_id}::uuid`,
    );
    expect(await ledgerReference(paid.order_id)).toBe(`#D${draft!.draft_number}`);
  });
});
