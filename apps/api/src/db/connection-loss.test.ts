import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { testAdminUrl } from '../../test/database-url.ts';

const url = testAdminUrl();

// A server connection that dies under a transaction (PostgreSQL restarted, PgBouncer killed): the
// transaction's own ROLLBACK was written to the closed socket from a timer, an exception nobody could
// catch, and every process of the shop exited at once (found by the soak, docs/operations.md).
describe.skipIf(!url)('a connection lost during a transaction', () => {
  const sql = postgres(url ?? '', { max: 2, onnotice: () => {} });
  const killer = postgres(url ?? '', { max: 1, onnotice: () => {} });
  afterAll(async () => {
    await sql.end({ timeout: 5 });
    await killer.end({ timeout: 5 });
  });

  it('rejects the transaction, and the pool goes on with a new connection', async () => {
    let pid: number | undefined;
    const transaction = sql.begin(async (tx) => {
      [{ pid }] = await tx<[{ pid: number }]>`select pg_backend_pid() as pid`;
      await tx`select pg_sleep(5)`;
    });
    const outcome = transaction.then(
      () => 'committed',
      (error: Error & { code?: string }) => error.code ?? error.message,
    );
    while (pid === undefined) await new Promise((resolve) => setTimeout(resolve, 20));
    await killer`select pg_terminate_backend(${pid})`;
    expect(await outcome).not.toBe('committed');
    // The timers of the dead connection have run by now; the process is still here and the pool works.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const [{ n }] = await sql<[{ n: number }]>`select 1 + 1 as n`;
    expect(n).toBe(2);
  });
});
