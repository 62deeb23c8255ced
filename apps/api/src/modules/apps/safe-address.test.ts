import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { isPrivateAddress } from './safe-address.ts';
import { postJson } from './webhook-delivery.ts';

describe('webhook addresses (SSRF)', () => {
  it.each([
    ['127.0.0.1', true],
    ['10.0.0.8', true],
    ['172.20.1.1', true],
    ['192.168.1.10', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['::1', true],
    ['::', true],
    ['fd00::1', true],
    ['fe80::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:10.0.0.1', true],
    ['[::1]', true],
    ['93.184.216.34', false],
    ['8.8.8.8', false],
    ['2606:4700:4700::1111', false],
    ['::ffff:8.8.8.8', false],
  ])('%s is private: %s', (address, expected) => {
    expect(isPrivateAddress(address)).toBe(expected);
  });

  it('does not connect to loopback, by address or by a name that resolves to it, unless allowed', async () => {
    let hits = 0;
    const server = createServer((_req, res) => {
      hits++;
      res.end('ok');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const options = { timeoutMs: 2000, allowPrivate: false };
      const byAddress = await postJson(`http://127.0.0.1:${port}/`, '{}', {}, options);
      expect(byAddress).toMatchObject({ statusCode: null, error: expect.stringContaining('private') });
      const byName = await postJson(`http://localhost:${port}/`, '{}', {}, options);
      expect(byName).toMatchObject({ statusCode: null, error: expect.stringContaining('private') });
      expect(hits).toBe(0);
      const allowed = await postJson(
        `http://localhost:${port}/`,
        '{}',
        {},
        { ...options, allowPrivate: true },
      );
      expect(allowed).toEqual({ statusCode: 200, error: null });
      expect(hits).toBe(1);
    } finally {
      server.close();
    }
  });

  it('gives up on a receiver that does not answer in time', async () => {
    const server = createServer(() => {});
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const result = await postJson(
        `http://127.0.0.1:${port}/`,
        '{}',
        {},
        { timeoutMs: 300, allowPrivate: true },
      );
      expect(result).toEqual({ statusCode: null, error: 'No answer within 300 ms' });
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it("stops waiting when the job's signal aborts, and says so", async () => {
    const server = createServer(() => {});
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const job = new AbortController();
    server.on('request', () => job.abort(new Error('the job ran longer than 1 s')));
    try {
      const result = await postJson(
        `http://127.0.0.1:${port}/`,
        '{}',
        {},
        { timeoutMs: 60_000, allowPrivate: true, signal: job.signal },
      );
      expect(result).toEqual({
        statusCode: null,
        error: 'Stopped before an answer: the job ran longer than 1 s',
      });
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
