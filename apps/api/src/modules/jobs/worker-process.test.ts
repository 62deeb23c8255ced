import type { ChildProcess } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { testPoolOptions } from '../../../test/database-url.ts';
import { type Cleanups, freePort, kill, serverEnv, startServer } from '../../../test/server-process.ts';
import { startSmtpServer } from '../../../test/smtp-capture.ts';
import { openDatabase, queryRows } from '../../db/client.ts';
import { createSmtpMailer } from '../email/mailer.ts';
import { createJobs } from './jobs.ts';

// Real server processes (apps/api/src/main.ts) on one PostgreSQL: the deployment ROLE is made for.
// The embedded database belongs to one process, so these run with `npm run test:pg`.
const cleanups: Cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Short timings: a job whose worker died is retried within seconds. */
const FAST_JOBS = {
  JOB_TIMEOUT_SECONDS: '3',
  JOB_RETRY_DELAY_SECONDS: '1',
  JOB_POLL_SECONDS: '0.5',
  SEED_DEMO: 'false',
};

/** The test's own connection to the servers' database. */
async function connect(url: string) {
  const database = await openDatabase({ ...testPoolOptions(url), poolSize: 2 });
  cleanups.push(() => database.close());
  return database.db;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('worker processes on PostgreSQL', () => {
  it('delivers every queued email exactly once when the worker is SIGKILLed mid-delivery and restarted', async () => {
    let worker: ChildProcess | undefined;
    let killed: Promise<void> | undefined;
    // The sixth message's data has arrived but the server has not answered yet: the worker dies
    // here, so that message is not delivered (no 250) and must go out again after the restart.
    const smtp = await startSmtpServer({
      beforeAccept: async (_message, index) => {
        if (index !== 5) return true;
        // The worker may be this far before startServer has seen its health check answer.
        while (!worker) await new Promise((resolve) => setTimeout(resolve, 20));
        killed = kill(worker, 'SIGKILL');
        await killed;
        return false;
      },
    });
    cleanups.push(() => smtp.close());
    const env = await serverEnv(cleanups, {
      ...FAST_JOBS,
      ROLE: 'worker',
      MAILER: 'smtp',
      SMTP_URL: smtp.url,
    });
    const db = await connect(env.DATABASE_URL!);

    // Twenty emails queued as the web processes queue them: an outbox row and its job, one transaction.
    const jobs = createJobs({
      db,
      config: { jobs: { timeoutSeconds: 3, retryDelaySeconds: 1, pollSeconds: 1 } },
      log: console,
    });
    const mailer = createSmtpMailer(db, jobs);
    const count = 20;
    for (let i = 0; i < count; i++) {
      await mailer.send({
        to: `buyer${i}@example.com`,
        subject: `Order ${i}`,
        text: `Thanks ${i}`,
        kind: 'test',
      });
    }

    const port = await freePort();
    worker = await startServer(cleanups, env, port);
    // A worker serves its health check and nothing else.
    expect((await fetch(`http://127.0.0.1:${port}/api/products`)).status).toBe(404);
    await expect.poll(() => killed !== undefined, { timeout: 30_000 }).toBe(true);
    await killed;
    expect(worker.signalCode).toBe('SIGKILL');
    const deliveredBeforeKill = smtp.received.length;
    expect(deliveredBeforeKill).toBe(5);

    worker = await startServer(cleanups, env, port);
    await smtp.waitFor(count, 60_000);
    const sent = async () =>
      (
        await queryRows<{ sent: number; total: number }>(
          db,
          sql`SELECT count(*) FILTER (WHERE status = 'sent')::int AS sent, count(*)::int AS total FROM email_outbox`,
        )
      )[0];
    await expect.poll(sent, { timeout: 30_000 }).toEqual({ sent: count, total: count });

    // Exactly once: one accepted message per outbox row, told apart by their Message-ID.
    const ids = await queryRows<{ id: string }>(db, sql`SELECT id FROM email_outbox`);
    const messageIds = smtp.received.map((m) => m.raw.match(/^Message-ID: <([^@>]+)@/im)?.[1]);
    expect(messageIds).toHaveLength(count);
    expect(new Set(messageIds)).toEqual(new Set(ids.map((r) => r.id)));
    await kill(worker, 'SIGTERM');
  }, 240_000);

  it('with ROLE=web twice and ROLE=worker once, the web processes run no job and a scheduled job runs once per period', async () => {
    const smtp = await startSmtpServer();
    cleanups.push(() => smtp.close());
    const env = await serverEnv(cleanups, {
      ...FAST_JOBS,
      MAILER: 'smtp',
      SMTP_URL: smtp.url,
      CHECKOUT_SWEEP_INTERVAL_SECONDS: '1',
    });
    const db = await connect(env.DATABASE_URL!);
    const webPorts = [await freePort(), await freePort()];
    for (const port of webPorts) await startServer(cleanups, { ...env, ROLE: 'web' }, port);

    // A web process queues (a password reset email) but never runs a job, scheduled or not.
    const reset = await fetch(`http://127.0.0.1:${webPorts[0]}/api/auth/request-password-reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${webPorts[0]}` },
      body: JSON.stringify({ email: 'nobody-yet@example.com' }),
    });
    expect(reset.status).toBeLessThan(300);
    const signUp = await fetch(`http://127.0.0.1:${webPorts[1]}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${webPorts[1]}` },
      body: JSON.stringify({ email: 'web@example.com', password: 'correct-horse-battery', name: 'Web' }),
    });
    expect(signUp.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const jobCounts = async () =>
      (
        await queryRows<{ name: string; state: string; n: number }>(
          db,
          sql`SELECT name, state::text AS state, count(*)::int AS n FROM pgboss.job GROUP BY 1, 2 ORDER BY 1, 2`,
        )
      ).map((r) => `${r.name} ${r.state} ${r.n}`);
    expect(await jobCounts()).toEqual(['email-deliver created 1']);
    expect(smtp.received).toHaveLength(0);

    await startServer(cleanups, { ...env, ROLE: 'worker' }, await freePort());
    await smtp.waitFor(1, 30_000);
    expect(smtp.received[0]!.to).toEqual(['web@example.com']);
    const runs = async () =>
      queryRows<{ slot: string; n: number; completed: number }>(
        db,
        sql`SELECT singleton_on::text AS slot, count(*)::int AS n,
            count(*) FILTER (WHERE state = 'completed')::int AS completed
          FROM pgboss.job WHERE name = 'checkout-expire' GROUP BY 1 ORDER BY 1`,
      );
    await expect
      .poll(async () => (await runs()).filter((r) => r.completed === 1).length, { timeout: 30_000 })
      .toBeGreaterThanOrEqual(4);
    for (const slot of await runs()) expect(slot.n, slot.slot).toBe(1);
  }, 240_000);
});
