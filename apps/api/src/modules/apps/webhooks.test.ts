import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { appWithAdminPerFile } from '../../../test/commerce-app.ts';
import { addCartItem, createProduct } from '../../../test/factories.ts';
import { signUp } from '../../../test/sessions.ts';
import { queryRows } from '../../db/client.ts';
import { API_ROOT } from '../../lib/paths.ts';
import { completeCheckout, payLocal, startCheckoutOk, withShippingZones } from '../checkout/test-helpers.ts';
import { sellAtTill } from '../draft-orders/test-helpers.ts';
import { createWebhookEndpoint } from './webhooks.service.ts';

// Short retry delays and polling, so the retries with backoff run within the test.
const suite = appWithAdminPerFile({ JOB_RETRY_DELAY_SECONDS: '1', JOB_POLL_SECONDS: '0.5' });

interface Received {
  at: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A receiver on loopback that answers each request with the next status of `statuses` (then 200). */
async function receiver(statuses: number[] = []) {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ at: Date.now(), headers: req.headers, body });
      res.statusCode = statuses.shift() ?? 200;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks`, received };
}
const servers: Server[] = [];
afterAll(() => {
  for (const server of servers) server.close();
});

type Verify = (body: string, header: string | undefined, secret: string, tolerance?: number) => boolean;
let verify: Verify;

beforeAll(async () => {
  // The verification code a receiver copies from docs/webhooks.md, run as written.
  const doc = readFileSync(join(API_ROOT, '../../docs/webhooks.md'), 'utf8');
  const snippet = /<!-- verify-snippet[^>]*-->\s*```js\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!snippet) throw new Error('docs/webhooks.md has no verification snippet');
  const file = join(mkdtempSync(join(tmpdir(), 'cw-webhooks-')), 'verify.mjs');
  writeFileSync(file, snippet);
  verify = (await import(pathToFileURL(file).href)).verifyCartwheelSignature;
  await suite.ctx.app.jobs.start();
});

const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  suite.ctx.app.inject({
    method,
    url,
    headers: { cookie: suite.admin.cookie },
    ...(payload ? { payload } : {}),
  });

async function addEndpoint(url: string, events: string[]) {
  const res = await asAdmin('POST', '/api/admin/webhooks', { url, events });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { endpoint: { id: string }; secret: string };
}

async function payAnOrder() {
  const { app, db } = suite.ctx;
  const shopper = await signUp(app);
  const lamp = await createProduct(db, { name: 'Desk Lamp', price: 4999, inventoryLevel: 5 });
  await addCartItem(db, shopper.id, lamp.id, 1);
  const { sessionId } = await startCheckoutOk(app, shopper.cookie);
  expect((await payLocal(app, sessionId)).statusCode).toBe(303);
  const done = await completeCheckout(app, shopper.cookie, sessionId);
  expect(done.statusCode, done.body).toBe(200);
  return done.json().order_number as number;
}

describe('outbound webhooks', () => {
  it('sends a signed order.paid event when an order is paid, which the documented code verifies', async () => {
    const hook = await receiver();
    const other = await receiver();
    const { secret } = await addEndpoint(hook.url, ['order.paid']);
    await addEndpoint(other.url, ['product.deleted']);
    const orderNumber = await payAnOrder();

    await vi.waitFor(() => expect(hook.received).toHaveLength(1), { timeout: 15_000, interval: 100 });
    const [delivery] = hook.received;
    const event = JSON.parse(delivery!.body);
    expect(event).toMatchObject({ type: 'order.paid', data: { object: 'order', order_number: orderNumber } });
    expect(event.data).toMatchObject({ payment_status: 'paid', total_amount: expect.any(Number) });
    expect(event.data.items).toEqual([expect.objectContaining({ product_name: 'Desk Lamp', quantity: 1 })]);
    // The payload is the order as its payment left it (written in the payment's transaction just
    // before the order's own paid UPDATE).
    const [order] = await queryRows<{ status: string; payment_method: string; paid_at: Date }>(
      suite.ctx.db,
      sql`SELECT status, payment_method, paid_at FROM orders WHERE order_number = ${orderNumber}`,
    );
    expect(event.data).toMatchObject({ status: order!.status, payment_method: order!.payment_method });
    expect(order!.status).toBe('processing');
    expect(new Date(event.data.paid_at).getTime()).toBe(new Date(order!.paid_at).getTime());
    expect(delivery!.headers['cartwheel-event-id']).toBe(event.id);
    expect(delivery!.headers['cartwheel-event-type']).toBe('order.paid');
    expect(delivery!.headers['content-type']).toBe('application/json');

    const signature = delivery!.headers['cartwheel-signature'] as string;
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verify(delivery!.body, signature, secret)).toBe(true);
    expect(verify(delivery!.body.replace('Desk Lamp', 'Desk Lump'), signature, secret)).toBe(false);
    expect(verify(delivery!.body, signature, 'whsec_another')).toBe(false);
    // An old signature (a replay) is refused.
    expect(verify(delivery!.body, signature, secret, -1)).toBe(false);
    // An endpoint that did not subscribe hears nothing.
    expect(other.received).toHaveLength(0);
  });

  it('sends inventory.low once when a sale takes the stock down to its warning level', async () => {
    const hook = await receiver();
    await addEndpoint(hook.url, ['inventory.low']);
    const { app, db } = suite.ctx;
    const candle = await createProduct(db, {
      name: 'Candle',
      price: 900,
      inventoryLevel: 7,
      inventoryWarningLevel: 5,
    });
    const buy = async (quantity: number) => {
      const shopper = await signUp(app);
      await addCartItem(db, shopper.id, candle.id, quantity);
      await startCheckoutOk(app, shopper.cookie);
    };
    await buy(1); // 6 left: above the warning level
    await buy(1); // 5 left: at the warning level
    await buy(1); // 4 left: already low, no second event
    await vi.waitFor(() => expect(hook.received).toHaveLength(1), { timeout: 15_000, interval: 100 });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(hook.received).toHaveLength(1);
    expect(JSON.parse(hook.received[0]!.body)).toMatchObject({
      type: 'inventory.low',
      data: { product_id: candle.id, variant_id: null, inventory_level: 5, inventory_warning_level: 5 },
    });
  });

  it('tells of a point-of-sale order marked paid: order.created, order.paid and inventory.low', async () => {
    const hook = await receiver();
    await addEndpoint(hook.url, ['order.created', 'order.paid', 'inventory.low']);
    const { db } = suite.ctx;
    await withShippingZones(suite.ctx.app);
    const vase = await createProduct(db, {
      name: 'Vase',
      price: 3000,
      inventoryLevel: 6,
      inventoryWarningLevel: 5,
    });
    const paid = await sellAtTill(asAdmin, {
      lines: [{ product_id: vase.id, quantity: 2 }],
      first_name: 'Grace',
      last_name: 'Hopper',
      email: 'grace@example.com',
    });
    await vi.waitFor(() => expect(hook.received).toHaveLength(3), { timeout: 15_000, interval: 100 });
    const events = hook.received.map((r) => JSON.parse(r.body));
    expect(events.map((e) => e.type).sort()).toEqual(['inventory.low', 'order.created', 'order.paid']);
    expect(events.find((e) => e.type === 'order.paid').data).toMatchObject({
      order_number: paid.order_number,
      payment_method: 'cash',
    });
    expect(events.find((e) => e.type === 'inventory.low').data).toMatchObject({
      product_id: vase.id,
      inventory_level: 4,
    });
  });

  it('retries a failing receiver with growing waits, logs every try and resends on demand', async () => {
    const hook = await receiver([500, 500]);
    const { endpoint } = await addEndpoint(hook.url, ['product.created']);
    const created = await asAdmin('POST', '/api/admin/products', {
      name: 'Wall Clock',
      sku: 'CLOCK-1',
      price: 2500,
    });
    expect(created.statusCode, created.body).toBe(201);

    await vi.waitFor(() => expect(hook.received).toHaveLength(3), { timeout: 30_000, interval: 100 });
    const ids = hook.received.map((r) => r.headers['cartwheel-event-id']);
    expect(new Set(ids).size).toBe(1);
    const [first, second, third] = hook.received.map((r) => r.at);
    // pg-boss's backoff: about 1 s, then about twice that (with jitter).
    expect(second! - first!).toBeGreaterThanOrEqual(900);
    expect(third! - second!).toBeGreaterThanOrEqual(1900);

    const log = async () => {
      const res = await asAdmin('GET', `/api/admin/webhooks/${endpoint.id}/deliveries`);
      expect(res.statusCode).toBe(200);
      return res.json().items as Array<{
        id: string;
        status: string;
        attempts: Array<{ status_code: number }>;
      }>;
    };
    await vi.waitFor(async () => expect((await log())[0]?.status).toBe('succeeded'), { timeout: 5_000 });
    const [delivery] = await log();
    expect(delivery!.attempts.map((a) => a.status_code)).toEqual([200, 500, 500]);
    expect(delivery).toMatchObject({ event_type: 'product.created' });

    const resend = await asAdmin('POST', `/api/admin/webhooks/deliveries/${delivery!.id}/resend`);
    expect(resend.statusCode, resend.body).toBe(200);
    await vi.waitFor(() => expect(hook.received).toHaveLength(4), { timeout: 15_000, interval: 100 });
    expect(hook.received[3]!.headers['cartwheel-event-id']).toBe(ids[0]);
  });

  it('sends nothing to a disabled endpoint, and a rotated secret signs from then on', async () => {
    const hook = await receiver();
    const { endpoint, secret } = await addEndpoint(hook.url, ['product.created']);
    const off = await asAdmin('PATCH', `/api/admin/webhooks/${endpoint.id}`, { enabled: false });
    expect(off.json().enabled).toBe(false);
    await asAdmin('POST', '/api/admin/products', { name: 'Quiet Clock', sku: 'CLOCK-2', price: 2500 });
    const on = await asAdmin('PATCH', `/api/admin/webhooks/${endpoint.id}`, { enabled: true });
    expect(on.json().enabled).toBe(true);
    const rotated = await asAdmin('POST', `/api/admin/webhooks/${endpoint.id}/rotate-secret`);
    const newSecret = rotated.json().secret as string;
    expect(newSecret).not.toBe(secret);
    await asAdmin('POST', '/api/admin/products', { name: 'Loud Clock', sku: 'CLOCK-3', price: 2500 });
    await vi.waitFor(() => expect(hook.received).toHaveLength(1), { timeout: 15_000, interval: 100 });
    const [got] = hook.received;
    expect(JSON.parse(got!.body).data.name).toBe('Loud Clock');
    expect(verify(got!.body, got!.headers['cartwheel-signature'] as string, newSecret)).toBe(true);
    expect(verify(got!.body, got!.headers['cartwheel-signature'] as string, secret)).toBe(false);
  });

  it('refuses a plain-http URL off localhost, an unknown event and no events with a 400, writing nothing', async () => {
    const count = async () =>
      (await queryRows<{ n: number }>(suite.ctx.db, sql`SELECT count(*)::int AS n FROM webhook_endpoints`))[0]
        ?.n;
    const before = await count();
    for (const [payload, message] of [
      [{ url: 'http://example.com/hooks', events: ['order.paid'] }, 'https://'],
      [{ url: 'https://example.com/hooks', events: ['order.shipped'] }, 'Events must be among'],
      [{ url: 'https://example.com/hooks', events: [] }, 'Choose at least one event'],
      [{ url: 'https://user:pw@example.com/hooks', events: ['order.paid'] }, 'user name or password'],
    ] as const) {
      const res = await asAdmin('POST', '/api/admin/webhooks', payload);
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(message);
    }
    expect(await count()).toBe(before);
  });

  it('refuses a private or loopback URL when private networks are not allowed', async () => {
    for (const url of [
      'http://localhost:9/x',
      'https://10.1.2.3/x',
      'https://[::1]/x',
      'https://169.254.169.254/x',
    ]) {
      await expect(
        createWebhookEndpoint(
          suite.ctx.db,
          { url, description: '', events: ['order.paid'], enabled: true },
          false,
        ),
      ).rejects.toThrow('URL must be a public address');
    }
  });
});
