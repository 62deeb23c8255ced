import { PassThrough } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { trackInFlight } from './in-flight.ts';

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe('trackInFlight', () => {
  it('counts a request until its handler has answered, and settles then', async () => {
    const app = Fastify();
    const inFlight = trackInFlight(app);
    const handler = gate();
    app.get('/slow', async () => {
      await handler.opened;
      return { ok: true };
    });
    app.get('/fast', async () => ({ ok: true }));
    await app.ready();

    const slow = app.inject({ method: 'GET', url: '/slow' });
    await (await app.inject({ method: 'GET', url: '/fast' })).json();
    await new Promise((r) => setTimeout(r, 10));
    expect(inFlight.count).toBe(1);
    let settled: boolean | undefined;
    const waiting = inFlight.settled(5_000).then((v) => {
      settled = v;
    });
    await new Promise((r) => setTimeout(r, 10));
    expect(settled).toBeUndefined();

    handler.open();
    await slow;
    await waiting;
    expect(settled).toBe(true);
    expect(inFlight.count).toBe(0);
    await app.close();
  });

  it('counts a streamed body until the stream ends, errors and 404s as answered', async () => {
    const app = Fastify();
    const inFlight = trackInFlight(app);
    const stream = new PassThrough();
    app.get('/stream', async (_request, reply) => reply.type('text/plain').send(stream));
    app.get('/boom', async () => {
      throw new Error('boom');
    });
    await app.ready();

    const streamed = app.inject({ method: 'GET', url: '/stream' });
    await new Promise((r) => setTimeout(r, 10));
    expect(inFlight.count).toBe(1);
    stream.end('done');
    expect((await streamed).body).toBe('done');
    expect(await inFlight.settled(1_000)).toBe(true);

    expect((await app.inject({ method: 'GET', url: '/boom' })).statusCode).toBe(500);
    expect((await app.inject({ method: 'GET', url: '/nowhere' })).statusCode).toBe(404);
    expect(inFlight.count).toBe(0);
    await app.close();
  });

  it('gives up waiting after the timeout', async () => {
    const app = Fastify();
    const inFlight = trackInFlight(app);
    const never = gate();
    app.get('/stuck', async () => {
      await never.opened;
      return {};
    });
    await app.ready();
    const stuck = app.inject({ method: 'GET', url: '/stuck' });
    await new Promise((r) => setTimeout(r, 10));
    expect(await inFlight.settled(20)).toBe(false);
    never.open();
    await stuck;
    await app.close();
  });
});
