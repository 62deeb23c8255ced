import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appPerFile } from '../../../test/commerce-app.ts';
import { createOption, createProduct, createVariant } from '../../../test/factories.ts';
import { handFeed } from '../../../test/hand-feed.ts';
import { queryRows } from '../../db/client.ts';
import { ADMITTED_PER_ROW, SoldOutMarks } from './sold-out.ts';
import {
  expireNow,
  SHIPPING_INFO,
  sessionIdFromUrl,
  variantStock,
  withShippingZones,
} from './test-helpers.ts';

const suite = appPerFile();
beforeAll(() => withShippingZones(suite.ctx.app));

/** A sale's variant with `stock` units. */
async function saleVariant(stock: number) {
  const { db } = suite.ctx;
  const product = await createProduct(db, { name: 'Festival Lantern', inventoryLevel: 0 });
  const { values } = await createOption(db, product.id, 'colour', ['Amber']);
  const variant = await createVariant(db, product.id, [values[0]!.id], { inventoryLevel: stock });
  return { product, variant, line: { product_id: product.id, variant_id: variant.id, quantity: 1 } };
}

const guestCheckout = (line: object, remoteAddress = '127.0.0.1') =>
  suite.ctx.app.inject({
    method: 'POST',
    url: '/api/checkout/sessions',
    remoteAddress,
    payload: {
      customer_info: { ...SHIPPING_INFO, email: 'fan@example.com' },
      guest: { checkout_key: randomUUID(), lines: [line] },
    },
  });

/** Every change committed so far has been heard by the app (a GET waits for them in the tests). */
const heardEverything = () => suite.ctx.app.inject({ method: 'GET', url: '/api/brands' });

const marked = (variantId: string) =>
  suite.ctx.app.checkout.ctx.soldOut?.check([{ table: 'product_variants', id: variantId }]) ?? null;

describe('sold-out marks', () => {
  it('sells exactly the stock to concurrent guests, refuses the rest with the same 409, and marks the row', async () => {
    const { variant, line } = await saleVariant(3);
    const answers = await Promise.all(Array.from({ length: 12 }, () => guestCheckout(line)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(refused).toHaveLength(9);
    for (const answer of refused) {
      expect(answer.statusCode, answer.body).toBe(409);
      expect(answer.json().error).toEqual({
        code: 'insufficient_inventory',
        message: 'Festival Lantern (Amber) is out of stock',
        details: {
          product_id: line.product_id,
          variant_id: variant.id,
          name: 'Festival Lantern (Amber)',
          available: 0,
        },
      });
    }
    expect(await variantStock(suite.ctx.db, variant.id)).toBe(0);
    expect(marked(variant.id)).not.toBeNull();
    // From the mark: the same answer, and still nothing sold.
    const again = await guestCheckout(line);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual(refused[0]!.json().error);
    expect(await variantStock(suite.ctx.db, variant.id)).toBe(0);
  });

  it("answers a known sold-out row before the address's checkout limit counts it", async () => {
    const { line } = await saleVariant(1);
    expect((await guestCheckout(line)).statusCode).toBe(200);
    expect((await guestCheckout(line)).statusCode).toBe(409);
    // More than the 30 guest checkouts an address may start in a window.
    for (let i = 0; i < 35; i++) {
      const answer = await guestCheckout(line, '10.9.8.7');
      expect(answer.json().error.code).toBe('insufficient_inventory');
    }
    const other = await saleVariant(5);
    const sold = await guestCheckout(other.line, '10.9.8.7');
    expect(sold.statusCode, sold.body).toBe(200);
  });

  it('answers a guest without a cookie from the mark before the body is validated; with a cookie, validation first', async () => {
    const { variant, line } = await saleVariant(1);
    expect((await guestCheckout(line)).statusCode).toBe(200);
    const refused = await guestCheckout(line);
    expect(refused.statusCode).toBe(409);
    expect(marked(variant.id)).not.toBeNull();
    // No customer_info: the checkout would refuse the body, but the row's answer comes first.
    const bare = { guest: { checkout_key: randomUUID(), lines: [line] } };
    const early = await suite.ctx.app.inject({
      method: 'POST',
      url: '/api/checkout/sessions',
      payload: bare,
    });
    expect(early.statusCode, early.body).toBe(409);
    expect(early.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(early.json()).toEqual(refused.json());
    // A cookie may be a signed-in shopper's (their cart, not these lines): the usual order.
    const withCookie = await suite.ctx.app.inject({
      method: 'POST',
      url: '/api/checkout/sessions',
      headers: { cookie: 'theme=dark' },
      payload: bare,
    });
    expect(withCookie.statusCode).toBe(400);
    expect(withCookie.json().error.code).toBe('invalid_request');
    // Lines whose ids are not text are left to the validation.
    const odd = { guest: { checkout_key: randomUUID(), lines: [{ ...line, variant_id: 7 }] } };
    const invalid = await suite.ctx.app.inject({
      method: 'POST',
      url: '/api/checkout/sessions',
      payload: odd,
    });
    expect(invalid.statusCode).toBe(400);
    expect(await variantStock(suite.ctx.db, variant.id)).toBe(0);
  });

  it("waits for a guest's turn at a busy row before reading or writing anything, then sells", async () => {
    const { variant, line } = await saleVariant(2);
    const marks = suite.ctx.app.checkout.ctx.soldOut!;
    const row = [{ table: 'product_variants' as const, id: variant.id }];
    const held = await Promise.all(Array.from({ length: ADMITTED_PER_ROW }, () => marks.admit(row)));
    const counted = async () => {
      const [found] = await queryRows<{ n: number }>(
        suite.ctx.db,
        sql`SELECT count(*)::int AS n FROM rate_limits WHERE key = 'guest-checkout:ip:10.4.4.4'`,
      );
      return Number(found?.n);
    };
    const waiting = guestCheckout(line, '10.4.4.4');
    await new Promise((resolve) => setTimeout(resolve, 300));
    // Nothing of the waiting checkout ran: not even the address's checkout limit counted it.
    expect(await counted()).toBe(0);
    for (const release of held) release();
    const sold = await waiting;
    expect(sold.statusCode, sold.body).toBe(200);
    expect(await counted()).toBe(1);
    expect(await variantStock(suite.ctx.db, variant.id)).toBe(1);
  });

  it('sells again at once after a restock: the change notification clears the mark', async () => {
    const { variant, line } = await saleVariant(1);
    expect((await guestCheckout(line)).statusCode).toBe(200);
    expect((await guestCheckout(line)).statusCode).toBe(409);
    expect(marked(variant.id)).not.toBeNull();
    await suite.ctx.db.execute(sql`UPDATE product_variants SET inventory_level = 2 WHERE id = ${variant.id}`);
    await heardEverything();
    expect(marked(variant.id)).toBeNull();
    const sold = await guestCheckout(line);
    expect(sold.statusCode, sold.body).toBe(200);
  });

  it('sells again after an expired reservation gives its unit back', async () => {
    const { variant, line } = await saleVariant(1);
    const first = await guestCheckout(line);
    expect(first.statusCode).toBe(200);
    expect((await guestCheckout(line)).statusCode).toBe(409);
    await expireNow(suite.ctx.db, sessionIdFromUrl(first.json().url));
    expect(await suite.ctx.app.checkout.sweep()).toEqual({ expired: 1, finalized: 0 });
    await heardEverything();
    expect(await variantStock(suite.ctx.db, variant.id)).toBe(1);
    const sold = await guestCheckout(line);
    expect(sold.statusCode, sold.body).toBe(200);
    expect(await variantStock(suite.ctx.db, variant.id)).toBe(0);
  });
});

/** A change feed the test speaks for: `say(payload)` is a notification heard on the catalog channel. */
function feed(live = true) {
  const { feed: changes, announce: say } = handFeed(live);
  return { changes, say };
}

const short = (productId: string, variantId: string | null, available = 0) => ({
  line: { productId, variantId, quantity: 1, label: 'Lantern' },
  available,
});
const row = { table: 'product_variants' as const, id: 'v1' };
// Notifications name products by id (UUIDs).
const p1 = randomUUID();
const p2 = randomUUID();

describe('SoldOutMarks', () => {
  it('does not mark a row when a change of its product was heard while the reservation ran', () => {
    const { changes, say } = feed();
    const marks = new SoldOutMarks(changes);
    const since = marks.now();
    say(`product ${p1}`);
    marks.note(since, short(p1, 'v1'));
    expect(marks.check([row])).toBeNull();
    // Another product's change does not stop it; a change naming no product does.
    const later = marks.now();
    say(`product ${p2}`);
    marks.note(later, short(p1, 'v1'));
    expect(marks.check([row])).not.toBeNull();
    say('');
    expect(marks.check([row])).toBeNull();
    const last = marks.now();
    say(null);
    marks.note(last, short(p1, 'v1'));
    expect(marks.check([row])).toBeNull();
  });

  it('marks only rows found at 0, never without a live feed, and forgets a mark after its life', async () => {
    const { changes } = feed();
    const marks = new SoldOutMarks(changes, 30);
    marks.note(marks.now(), short(p1, 'v1', 2));
    expect(marks.check([row])).toBeNull();
    marks.note(marks.now(), short(p1, 'v1'));
    expect(marks.check([row])).toEqual({ line: short(p1, 'v1').line, available: 0 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(marks.check([row])).toBeNull();
    const deaf = new SoldOutMarks(feed(false).changes);
    deaf.note(deaf.now(), short(p1, 'v1'));
    expect(deaf.check([row])).toBeNull();
  });

  it('lets a few reservations of one row run at once and the others in turn', async () => {
    const marks = new SoldOutMarks(feed().changes);
    const admitted: number[] = [];
    const releases: Array<() => void> = [];
    const all = Array.from({ length: ADMITTED_PER_ROW + 3 }, (_, i) =>
      marks.admit([row]).then((release) => {
        admitted.push(i);
        releases.push(release);
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(admitted).toHaveLength(ADMITTED_PER_ROW);
    // Another row is not held up.
    await marks.admit([{ table: 'product_variants', id: 'v2' }]);
    releases[0]!();
    releases[0]!();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(admitted).toHaveLength(ADMITTED_PER_ROW + 1);
    for (const release of releases.slice(1)) release();
    await new Promise((resolve) => setTimeout(resolve, 10));
    for (const release of releases.slice(ADMITTED_PER_ROW + 1)) release();
    await Promise.all(all);
    expect(admitted).toHaveLength(ADMITTED_PER_ROW + 3);
  });
});
