import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { appWithAdminPerFile } from '../../../test/commerce-app.ts';
import { createProduct } from '../../../test/factories.ts';
import { queryRows } from '../../db/client.ts';
import { signatureHeader } from './webhook-signature.ts';

// Deliveries verified by the Standard Webhooks reference library, as a receiver would use it.
const suite = appWithAdminPerFile({ JOB_POLL_SECONDS: '0.5' });

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}
const servers: Server[] = [];
afterAll(() => {
  for (const server of servers) server.close();
});
beforeAll(() => suite.ctx.app.jobs.start());

async function receiver() {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`, received };
}

/** Adds an endpoint for product.deleted, deletes a product, and waits for the one delivery. */
async function deliveryTo(setSecret?: string) {
  const hook = await receiver();
  const res = await suite.ctx.app.inject({
    method: 'POST',
    url: '/api/admin/webhooks',
    headers: { cookie: suite.admin.cookie },
    payload: { url: hook.url, events: ['product.deleted'] },
  });
  expect(res.statusCode, res.body).toBe(201);
  const { endpoint, secret } = res.json() as { endpoint: { id: string }; secret: string };
  if (setSecret) {
    await queryRows(
      suite.ctx.db,
      sql`UPDATE webhook_endpoints SET secret = ${setSecret} WHERE id = ${endpoint.id}`,
    );
  }
  const product = await createProduct(suite.ctx.db, { name: 'Lamp' });
  const deleted = await suite.ctx.app.inject({
    method: 'DELETE',
    url: `/api/admin/products/${product.id}`,
    headers: { cookie: suite.admin.cookie },
  });
  expect(deleted.statusCode, deleted.body).toBeLessThan(300);
  await vi.waitFor(() => expect(hook.received.length).toBeGreaterThan(0), { timeout: 15_000, interval: 100 });
  return { delivery: hook.received[0]!, secret: setSecret ?? secret, productId: product.id };
}

const standardHeaders = ({ headers }: Received) => ({
  'webhook-id': String(headers['webhook-id']),
  'webhook-timestamp': String(headers['webhook-timestamp']),
  'webhook-signature': String(headers['webhook-signature']),
});

describe('Standard Webhooks headers', () => {
  it('a delivery verifies with the standardwebhooks library and the endpoint’s whsec_ secret', async () => {
    const { delivery, secret, productId } = await deliveryTo();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const event = JSON.parse(delivery.body);
    expect(delivery.headers['webhook-id']).toBe(event.id);
    expect(delivery.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);

    const verified = new Webhook(secret).verify(delivery.body, standardHeaders(delivery));
    expect(verified).toMatchObject({ type: 'product.deleted', data: { object: 'product', id: productId } });
    // A changed body, or another secret, fails verification.
    expect(() =>
      new Webhook(secret).verify(
        delivery.body.replace(productId, crypto.randomUUID()),
        standardHeaders(delivery),
      ),
    ).toThrow(WebhookVerificationError);
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(
        delivery.body,
        standardHeaders(delivery),
      ),
    ).toThrow(WebhookVerificationError);
    // Today's header is still sent beside them, signed with the whole secret.
    const t = Number(delivery.headers['webhook-timestamp']);
    expect(delivery.headers['cartwheel-signature']).toBe(signatureHeader(secret, delivery.body, t));
  });

  it('an endpoint whose secret is in the older base64url form keeps both signatures', async () => {
    // The form secrets had before: 32 bytes in base64url, here with both of its own characters.
    const bytes = Buffer.from('fb'.repeat(16) + 'ff'.repeat(16), 'hex');
    const old = `whsec_${bytes.toString('base64url')}`;
    expect(old).toMatch(/[-_]/);
    const { delivery } = await deliveryTo(old);
    const t = Number(delivery.headers['webhook-timestamp']);
    expect(delivery.headers['cartwheel-signature']).toBe(signatureHeader(old, delivery.body, t));
    // The same key in standard base64 (docs/webhooks.md: swap - and _ for + and /) verifies.
    const standard = `whsec_${bytes.toString('base64')}`;
    expect(() => new Webhook(standard).verify(delivery.body, standardHeaders(delivery))).not.toThrow();
  });
});
