import { once } from 'node:events';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app.ts';
import { type Db, queryRows } from './client.ts';
import {
  isReplicaFailure,
  openReadReplicas,
  parseLsn,
  primaryReads,
  type ReadEvents,
  type ReadTarget,
} from './read-replicas.ts';

/** Records what a router reports. */
function recorder() {
  const picks: ReadTarget[] = [];
  let failures = 0;
  const events: ReadEvents = { picked: (target) => picks.push(target), replicaFailed: () => failures++ };
  return { events, picks, failures: () => failures };
}

/**
 * A loopback port standing for a replica: while up it forwards to `target` (a real PostgreSQL); down,
 * it cuts the open connections and stops listening, so new ones are refused like a stopped server's.
 */
async function replicaPort(target: { host: string; port: number }) {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    const upstream = connect(target.port, target.host);
    for (const s of [socket, upstream]) {
      sockets.add(s);
      s.on('error', () => {});
      s.on('close', () => sockets.delete(s));
    }
    socket.pipe(upstream).pipe(socket);
  });
  const listen = async (port = 0) => {
    server.listen(port, '127.0.0.1');
    await once(server, 'listening');
    return (server.address() as { port: number }).port;
  };
  const port = await listen();
  const stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return {
    port,
    async down() {
      const stopped = stop();
      for (const s of sockets) s.destroy();
      await stopped;
    },
    up: () => listen(port),
    close: async () => {
      if (server.listening) await stop();
    },
  };
}

/** A loopback port nothing listens on: connections are refused. */
async function refusedPort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const whoAmI = async (db: Db) =>
  (await queryRows<{ port: string }>(db, sql`select current_setting('port') as port`))[0]?.port;

async function until(what: string, predicate: () => boolean, ms = 5000) {
  const deadline = Date.now() + ms;
  while (!predicate()) {
    if (Date.now() > deadline) throw new Error(`not ${what} within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('read replicas', () => {
  it('orders WAL positions across the 32-bit boundary and refuses anything else', () => {
    expect(parseLsn('0/FFFFFFFF') < parseLsn('1/0')).toBe(true);
    expect(parseLsn('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
    expect(parseLsn('1/A') > parseLsn('1/9')).toBe(true);
    expect(() => parseLsn('16-B374D848')).toThrow(/not a WAL position/);
  });

  it("tells the replica's failures (connection, shutdown, timeout, recovery conflict) from the query's", () => {
    const wrapped = (code: string) => Object.assign(new Error('Failed query'), { cause: { code } });
    for (const code of [
      'ECONNREFUSED',
      'CONNECTION_CLOSED',
      'CONNECT_TIMEOUT',
      '57P01',
      '08006',
      '40001',
      '57014',
    ]) {
      expect(isReplicaFailure(wrapped(code)), code).toBe(true);
    }
    for (const code of ['42P01', '22P02', '23505', 'not_found']) {
      expect(isReplicaFailure(wrapped(code)), code).toBe(false);
    }
    expect(isReplicaFailure(new Error('Product not found'))).toBe(false);
  });

  it('reads everything on the primary without replicas, and waits for nothing', async () => {
    const { events, picks } = recorder();
    const database = await openTestDatabase();
    try {
      const reads = primaryReads(database.db, events);
      expect(reads.replicated).toBe(false);
      await reads.raiseFloor();
      expect(await reads.read(async (db) => db)).toBe(database.db);
      expect(picks).toEqual(['primary']);
    } finally {
      await database.close();
    }
  });

  it('answers from the primary when the replica refuses connections, and sets it aside meanwhile', async () => {
    const database = await openTestDatabase();
    const port = await refusedPort();
    const { events, picks, failures } = recorder();
    const reads = openReadReplicas({
      primary: database.db,
      urls: [`postgres://cartwheel@127.0.0.1:${port}/cartwheel`],
      poolSize: 1,
      prepare: true,
      events,
      setAsideMs: 60_000,
    });
    try {
      const one = await reads.read((db) => queryRows<{ one: number }>(db, sql`select 1 as one`));
      expect(one).toEqual([{ one: 1 }]);
      expect(picks).toEqual(['replica', 'primary']);
      expect(failures()).toBe(1);
      // Set aside: the next reads go straight to the primary without trying it.
      await reads.read((db) => queryRows(db, sql`select 1`));
      await reads.read((db) => queryRows(db, sql`select 1`));
      expect(picks.slice(2)).toEqual(['primary', 'primary']);
      // A query's own error is not the replica's: it is not retried and nothing is set aside.
      await expect(reads.read(async () => Promise.reject(new Error('Product not found')))).rejects.toThrow(
        'Product not found',
      );
      expect(failures()).toBe(1);
    } finally {
      await reads.close();
      await database.close();
    }
  });

  // A server that is not in recovery, given as a replica, has everything it wrote: reads go to it
  // after a write's floor is raised. The lag itself is tested with a real standby (npm run test:replica).
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'reads from a replica that has what the primary wrote, round robin',
    async () => {
      const database = await openTestDatabase();
      const { events, picks } = recorder();
      const reads = openReadReplicas({
        primary: database.db,
        urls: [database.url!, database.url!],
        poolSize: 1,
        prepare: true,
        events,
      });
      try {
        await reads.raiseFloor();
        const first = await reads.read(async (db) => db);
        const second = await reads.read(async (db) => db);
        expect(picks).toEqual(['replica', 'replica']);
        expect(first).not.toBe(second);
        expect(first).not.toBe(database.db);
      } finally {
        await reads.close();
        await database.close();
      }
    },
  );

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'goes back to a replica that went away once its health check answers again',
    async () => {
      const database = await openTestDatabase();
      const url = new URL(database.url!);
      const proxy = await replicaPort({ host: url.hostname, port: Number(url.port || 5432) });
      const viaProxy = new URL(database.url!);
      viaProxy.hostname = '127.0.0.1';
      viaProxy.port = String(proxy.port);
      const { events, picks, failures } = recorder();
      const reads = openReadReplicas({
        primary: database.db,
        urls: [viaProxy.toString()],
        poolSize: 2,
        prepare: true,
        events,
        setAsideMs: 50,
      });
      try {
        await reads.raiseFloor();
        const port = await reads.read(whoAmI);
        expect(picks).toEqual(['replica']);
        await proxy.down();
        // Same server behind both: the answer is the same, what matters is where it was read.
        expect(await reads.read(whoAmI)).toBe(port);
        expect(picks.slice(1)).toEqual(['replica', 'primary']);
        expect(failures()).toBe(1);
        // Still down after a few health checks (each failed one doubles the wait): reads stay on the primary.
        await new Promise((resolve) => setTimeout(resolve, 200));
        await reads.read(whoAmI);
        expect(picks.at(-1)).toBe('primary');
        await proxy.up();
        await until('back on the replica', () => {
          void reads.read(whoAmI);
          return picks.at(-1) === 'replica';
        });
        expect(failures()).toBe(1);
      } finally {
        await reads.close();
        await proxy.close();
        await database.close();
      }
    },
  );
});
