import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appPerFile } from '../../../test/commerce-app.ts';
import { addCartItem, createProduct } from '../../../test/factories.ts';
import { getAs } from '../../../test/requests.ts';
import { signUp, type TestUser } from '../../../test/sessions.ts';
import { queryRows } from '../../db/client.ts';
import {
  SHIPPING_INFO,
  sessionIdFromUrl,
  startCheckout,
  withShippingZones,
} from '../checkout/test-helpers.ts';

// A signed-in shopper's opt-in box at checkout: recorded on the order, and the account's consent from
// then on, as the account page's switch (docs/product.md, Marketing).
const suite = appPerFile();
let productId = '';

beforeAll(async () => {
  await withShippingZones(suite.ctx.app);
  productId = (await createProduct(suite.ctx.db, { price: 2500, inventoryLevel: 100 })).id;
});

const consentOf = async (user: TestUser) =>
  (await getAs(suite.ctx.app, user.cookie, '/api/account/marketing')).json().marketing_opt_in as boolean;

/** A signed-up shopper with a lamp in the cart (kept there until a checkout is paid). */
async function shopper() {
  const user = await signUp(suite.ctx.app);
  await addCartItem(suite.ctx.db, user.id, productId, 1);
  return user;
}

/** Checks out the shopper's cart with the given opt-in (left out when undefined); the order's own flag. */
async function checkout(user: TestUser, optIn: boolean | undefined) {
  const res = await startCheckout(suite.ctx.app, user.cookie, {
    customer_info: {
      ...SHIPPING_INFO,
      email: user.email,
      ...(optIn === undefined ? {} : { marketing_opt_in: optIn }),
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const [order] = await queryRows<{ marketing_opt_in: boolean }>(
    suite.ctx.db,
    sql`SELECT marketing_opt_in FROM orders WHERE payment_session_id = ${sessionIdFromUrl(res.json().url)}`,
  );
  return order!.marketing_opt_in;
}

describe('the marketing opt-in at a signed-in checkout', () => {
  it("is recorded on the order and becomes the account's consent, both ways; left out, the consent stays", async () => {
    const user = await shopper();
    expect(await consentOf(user)).toBe(false);
    expect(await checkout(user, true)).toBe(true);
    expect(await consentOf(user)).toBe(true);
    expect(await checkout(user, undefined)).toBe(false);
    expect(await consentOf(user)).toBe(true);
    expect(await checkout(user, false)).toBe(false);
    expect(await consentOf(user)).toBe(false);
  });

  it('opting in again ends an earlier unsubscribe, as on the account page', async () => {
    const user = await shopper();
    await suite.ctx.db.execute(
      sql`INSERT INTO marketing_unsubscribes (email) VALUES (${user.email.toLowerCase()})`,
    );
    await checkout(user, true);
    const left = await queryRows<{ n: number }>(
      suite.ctx.db,
      sql`SELECT count(*)::int AS n FROM marketing_unsubscribes WHERE email = ${user.email.toLowerCase()}`,
    );
    expect(left[0]!.n).toBe(0);
  });

  it('changes nothing when the checkout is refused', async () => {
    const user = await signUp(suite.ctx.app);
    // An empty cart: the checkout is refused before anything is written.
    const res = await startCheckout(suite.ctx.app, user.cookie, {
      customer_info: { ...SHIPPING_INFO, email: user.email, marketing_opt_in: true },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(await consentOf(user)).toBe(false);
  });
});
