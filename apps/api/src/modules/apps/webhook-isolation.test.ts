import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { appWithAdminPerFile } from '../../../test/commerce-app.ts';
import { createProduct } from '../../../test/factories.ts';
import { queryRows } from '../../db/client.ts';
import { getAdminProduct } from '../catalog/product.service.ts';
import { PAUSE_AFTER_FAILURES } from './webhook-delivery.ts';

// Endpoints do not wait on each other (docs/decisions/0073-webhook-isolation.md). Slow receivers here
// never answer while the test runs (a timeout longer than it), so the counts below do not depend on
// how busy the machine is.
const suite = appWithAdminPerFile({
  WEBHOOK_TIMEOUT_SECONDS: '50',
  JOB_RETRY_DELAY_SECONDS: '1',
  JOB_POLL_SECONDS: '0.5',
});

const servers: Server[] = [];
afterAll(() => {
  for (const server of servers) {
    server.closeAllConnections();
    server.close();
  }
});
beforeAll(() => suite.ctx.app.jobs.start());

/** A receiver on loopback that answers `status` at once, or never when `hang`; it counts requests. */
async function receiver({ status = 200, hang = false } = {}) {
  const received: number[] = [];
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received.push(Date.now());
      if (hang) return;
      res.statusCode = status;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, received };
}

const asAdmin = (method: 'GET' | 'POST', url: string, payload?: object) =>
  suite.ctx.app.inject({
    method,
    url,
    headers: { cookie: suite.admin.cookie },
    ...(payload ? { payload } : {}),
  });

async function addEndpoint(url: string) {
  const res = await asAdmin('POST', '/api/admin/webhooks', { url, events: ['product.updated'] });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().endpoint.id as string;
}

/** One event, recorded as the app records it: one delivery per subscribed endpoint. */
let productId = '';
const emit = async (n: number) => {
  const product = await getAdminProduct(suite.ctx.db, productId);
  await suite.ctx.app.webhooks.emit(suite.ctx.db, 'product.updated', {
    object: 'product',
    ...product,
    name: `Isolation ${n}`,
  });
};
beforeAll(async () => {
  productId = (await createProduct(suite.ctx.db, { name: 'Isolation' })).id;
});

describe('webhook endpoints do not wait on each other', () => {
  it('a healthy endpoint gets every event while three slow ones take theirs one at a time', async () => {
    const slow = await Promise.all([
      receiver({ hang: true }),
      receiver({ hang: true }),
      receiver({ hang: true }),
    ]);
    const healthy = await receiver();
    for (const hook of [...slow, healthy]) await addEndpoint(hook.url);
    for (let n = 1; n <= 6; n++) await emit(n);

    await vi.waitFor(() => expect(healthy.received).toHaveLength(6), { timeout: 30_000, interval: 50 });
    // Each slow endpoint has its first event under way and nothing more. Without isolation the healthy
    // endpoint waited behind them (one run at a time), or deliveries to one slow endpoint took several
    // of the worker's places at once.
    await vi.waitFor(() => expect(slow.map((hook) => hook.received.length)).toEqual([1, 1, 1]));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(slow.map((hook) => hook.received.length)).toEqual([1, 1, 1]);
  });

  it(`pauses an endpoint after ${PAUSE_AFTER_FAILURES} failures in a row, tells the admins once, and resumes on demand`, async () => {
    const broken = await receiver({ status: 500 });
    const id = await addEndpoint(broken.url);
    for (let n = 1; n <= PAUSE_AFTER_FAILURES; n++) await emit(n);

    const endpoint = async () =>
      ((await asAdmin('GET', '/api/admin/webhooks')).json().items as Array<Record<string, unknown>>).find(
        (e) => e.id === id,
      );
    await vi.waitFor(async () => expect((await endpoint())?.paused_until).toEqual(expect.any(String)), {
      timeout: 20_000,
      interval: 100,
    });
    expect(await endpoint()).toMatchObject({ consecutive_failures: PAUSE_AFTER_FAILURES });
    const tries = broken.received.length;
    // While paused nothing is sent, however many events come.
    await emit(99);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(broken.received).toHaveLength(tries);
    const mails = await queryRows<{ to: string; subject: string }>(
      suite.ctx.db,
      sql`SELECT "to", subject FROM email_outbox WHERE kind = 'webhook_paused'`,
    );
    expect(mails).toEqual([{ to: suite.admin.email, subject: `Webhooks to ${broken.url} are paused` }]);

    // Resumed: the waiting events go out now rather than when the pause would have ended.
    const resumed = await asAdmin('POST', `/api/admin/webhooks/${id}/resume`);
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json()).toMatchObject({ paused_until: null, consecutive_failures: 0 });
    await vi.waitFor(() => expect(broken.received.length).toBeGreaterThan(tries), { timeout: 10_000 });
  });

  it('answers 404 to resuming an unknown endpoint', async () => {
    const res = await asAdmin('POST', '/api/admin/webhooks/4a0c7c1e-8b9d-4c2e-9f3a-5b6c7d8e9f01/resume');
    expect(res.statusCode).toBe(404);
  });
});
