// The soak's load (bench/soak.mjs): signed-in shoppers browsing and checking out (every other
// checkout with a discount code, two of three paid on the local provider's page), and a member of
// staff refunding some paid orders with their units back to stock. Requests alternate between the two
// web processes and start at a bounded rate. Every answer is kept with its start time, so the errors
// can be sorted into fault windows afterwards.

import { errorCode, PAY_FORM, STOCK_CODES } from './mixed.mjs';
import { LOAD_ORIGIN, sleep } from './processes.mjs';
import { customerInfo } from './shoppers.mjs';

class StepFailed extends Error {}

/**
 * `targets()` gives the two web processes' base URLs (read at each request: a restarted process keeps
 * its port). `shoppers` are signed-in accounts, `staffCookie` an admin's session, `lines` the variants
 * checkouts rotate over, `slugs` products to read, `discountCode` the code every other checkout uses.
 */
export function createLoad({ targets, shoppers, staffCookie, lines, slugs, discountCode, rate }) {
  const samples = [];
  const refundQueue = [];
  const counts = { paid: 0, refunds: 0, soldOut: 0, discounted: 0 };
  let next = 0;
  let nextAt = 0;

  /** Waits for the next slot of the rate limit. */
  async function pace() {
    const now = Date.now();
    const at = Math.max(now, nextAt);
    nextAt = at + 1000 / rate;
    if (at > now) await sleep(at - now);
  }

  /**
   * One request to the next process. `ok` lists the statuses that continue the flow; a stock 409
   * (with `soldOut`) ends it quietly; anything else is an error and ends it too.
   */
  async function call(step, method, path, { cookie, json, form, ok = [200], soldOut = false } = {}) {
    await pace();
    const base = targets()[next++ % 2];
    const start = Date.now();
    const sample = { step, start, ms: 0, status: 0, error: null };
    samples.push(sample);
    try {
      const res = await fetch(`${base}${path}`, {
        method,
        redirect: 'manual',
        headers: {
          origin: LOAD_ORIGIN,
          ...(cookie ? { cookie } : {}),
          ...(json ? { 'content-type': 'application/json' } : {}),
          ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        body: json ? JSON.stringify(json) : form,
        signal: AbortSignal.timeout(15_000),
      });
      const text = await res.text();
      sample.ms = Date.now() - start;
      sample.status = res.status;
      if (ok.includes(res.status)) return { status: res.status, text, headers: res.headers };
      if (soldOut && res.status === 409 && STOCK_CODES.has(errorCode(text))) {
        sample.expected = true;
        counts.soldOut++;
        throw new StepFailed('sold out');
      }
      sample.error = `${res.status} ${text.slice(0, 200)}`;
    } catch (error) {
      if (error instanceof StepFailed) throw error;
      sample.ms = Date.now() - start;
      sample.error = `${error.name}: ${error.cause?.code ?? error.message}`.slice(0, 200);
    }
    throw new StepFailed(sample.error);
  }

  async function browse(i) {
    const slug = slugs[(i + next) % slugs.length];
    await call('browse', 'GET', `/api/products?limit=20&sort=${next % 2 ? 'newest' : 'name'}`);
    await call('browse', 'GET', `/api/products/${encodeURIComponent(slug)}`);
  }

  async function checkout(shopper, flow) {
    const { cookie } = shopper;
    const line = lines[flow % lines.length];
    await call('cart clear', 'DELETE', '/api/cart', { cookie });
    await call('cart add', 'POST', '/api/cart/items', {
      cookie,
      json: { product_id: line.product_id, variant_id: line.variant_id, quantity: 1 },
      soldOut: true,
    });
    const code = flow % 2 === 0 ? discountCode : undefined;
    const session = await call('checkout', 'POST', '/api/checkout/sessions', {
      cookie,
      json: {
        customer_info: customerInfo(shopper.email, 'Soak', String(shopper.index)),
        ...(code ? { discount_code: code } : {}),
      },
      soldOut: true,
    });
    if (flow % 3 === 2) return;
    const sessionId = decodeURIComponent(JSON.parse(session.text).url.split('/pay/')[1] ?? '');
    await call('pay', 'POST', `/pay/${encodeURIComponent(sessionId)}`, { form: PAY_FORM, ok: [303] });
    const done = await call('complete', 'POST', '/api/checkout/complete', {
      cookie,
      json: { session_id: sessionId },
    });
    counts.paid++;
    if (code) counts.discounted++;
    if (flow % 4 === 1) refundQueue.push(JSON.parse(done.text).order_number);
  }

  /** Staff: the order list, and a full refund with restock of the oldest order waiting for one. */
  async function staffTurn() {
    const cookie = staffCookie;
    await call('staff list', 'GET', '/api/admin/orders?limit=20', { cookie });
    const number = refundQueue.shift();
    if (number === undefined) return;
    const found = await call('staff find', 'GET', `/api/admin/orders?search=${number}&limit=20`, { cookie });
    const order = JSON.parse(found.text).items.find((o) => o.order_number === number);
    if (!order) throw new StepFailed(`order #${number} not found`);
    const detail = JSON.parse(
      (await call('staff order', 'GET', `/api/admin/orders/${order.id}`, { cookie })).text,
    );
    await call('refund', 'POST', `/api/admin/orders/${order.id}/refunds`, {
      cookie,
      json: {
        items: detail.items.map((item) => ({ order_item_id: item.id, quantity: item.quantity })),
        restock: true,
        reason: 'Soak: returned',
      },
    });
    counts.refunds++;
  }

  /** Runs every shopper and the staff member until `until` (ms since the epoch). */
  async function run(until) {
    const loop = async (turn) => {
      for (let n = 0; Date.now() < until; n++) {
        try {
          await turn(n);
        } catch (error) {
          // A failed step ends the flow; its answer is already a sample.
          if (!(error instanceof StepFailed)) throw error;
        }
      }
    };
    await Promise.all([
      ...shoppers.map((shopper, i) =>
        loop(async (n) => {
          await browse(i);
          await checkout(shopper, n * shoppers.length + i);
        }),
      ),
      loop(async () => {
        await staffTurn();
        await sleep(2000);
      }),
    ]);
  }

  return { run, samples, counts };
}
