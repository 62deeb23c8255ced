import { createServer, type Server, type Socket } from 'node:net';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** One backend message: its type byte, its length and its body. */
function message(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

const authenticationOk = message('R', Buffer.from([0, 0, 0, 0]));
const readyForQuery = message('Z', Buffer.from('I'));
const loginFailing = message(
  'E',
  Buffer.from('SFATAL\0C08P01\0Mserver login has been failing, try again later (server_login_retry)\0\0'),
);

let server: Server;
let port = 0;
// What PgBouncer does while PostgreSQL restarts: the client's login to PgBouncer succeeds, then the
// first statement (postgres.js's own fetch of the array types) fails as PgBouncer cannot log in to the
// server, and the connection ends.
beforeAll(async () => {
  server = createServer((socket: Socket) => {
    let started = false;
    socket.on('data', () => {
      if (!started) {
        started = true;
        socket.write(Buffer.concat([authenticationOk, readyForQuery]));
        return;
      }
      socket.end(loginFailing);
    });
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('a pooler that cannot reach the database', () => {
  it('fails the waiting query, and nothing else: no rejection is left unhandled to end the process', async () => {
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    const sql = postgres(`postgres://shop@127.0.0.1:${port}/shop`, {
      max: 1,
      prepare: false,
      onnotice: () => {},
      connect_timeout: 2,
    });
    try {
      const outcome = await Promise.race([
        sql`select 1`.then(
          () => 'answered',
          (error: Error) => error.message,
        ),
        new Promise((resolve) => setTimeout(() => resolve('no answer'), 3000)),
      ]);
      expect(outcome).toMatch(/server login has been failing|CONNECTION_CLOSED|closed/);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      await sql.end({ timeout: 1 });
    }
  });
});
