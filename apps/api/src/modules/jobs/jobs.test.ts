import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { appWithAdminPerFile } from '../../../test/commerce-app.ts';
import { queryRows } from '../../db/client.ts';
import { createJobs, type JobRun, type Jobs } from './jobs.ts';

const suite = appWithAdminPerFile();
const started: Jobs[] = [];
afterEach(async () => {
  for (const jobs of started.splice(0)) await jobs.stop();
});

/** A job runner of its own on the test database, as a worker process would have (short timings). */
function worker(db = suite.ctx.db, timeoutSeconds = 5): Jobs {
  const jobs = createJobs({
    db,
    config: { jobs: { timeoutSeconds, retryDelaySeconds: 1, pollSeconds: 0.5 } },
    log: { info() {}, warn() {}, error() {} },
  });
  started.push(jobs);
  return jobs;
}

const jobState = async (id: string) =>
  (
    await queryRows<{ state: string; retry_count: number; output: { message?: string } | null }>(
      suite.ctx.db,
      sql`SELECT state::text AS state, retry_count, output FROM pgboss.job WHERE id = ${id}::uuid`,
    )
  )[0];

const admin = (method: 'GET' | 'POST', url: string) =>
  suite.ctx.app.inject({ method, url, headers: { cookie: suite.admin.cookie } });

describe('the job queue', () => {
  it('runs a job queued in a committed transaction once, and never one whose transaction rolled back', async () => {
    const jobs = worker();
    const seen: string[] = [];
    jobs.define<{ label: string }>('email-deliver', async ({ label }) => {
      seen.push(label);
    });
    await suite.ctx.db
      .transaction(async (tx) => {
        await jobs.enqueue('email-deliver', { label: 'rolled back' }, { tx });
        throw new Error('the caller fails after queueing');
      })
      .catch(() => {});
    const kept = await suite.ctx.db.transaction((tx) =>
      jobs.enqueue('email-deliver', { label: 'committed' }, { tx }),
    );
    await jobs.start();
    await expect.poll(() => jobState(kept), { timeout: 15_000 }).toMatchObject({ state: 'completed' });
    expect(seen).toEqual(['committed']);
  });

  it('stops only once the running job has finished and its completion is recorded', async () => {
    const jobs = worker();
    let release: () => void = () => {};
    const running = new Promise<void>((resolve) => {
      jobs.define('email-deliver', async () => {
        resolve();
        await new Promise<void>((done) => {
          release = done;
        });
      });
    });
    const id = await jobs.enqueue('email-deliver', {});
    await jobs.start();
    await running;
    const stopped = jobs.stop();
    setTimeout(() => release(), 200);
    await stopped;
    // Read at once: the database may close right after stop() (a process shutting down).
    expect(await jobState(id)).toMatchObject({ state: 'completed' });
  });

  it('runs nothing after stop() returns, even jobs offered and fetched while it was stopping', async () => {
    const jobs = worker();
    const ran: string[] = [];
    jobs.define('email-deliver', async () => {
      ran.push('email');
    });
    jobs.schedule('checkout-expire', 60, async () => {
      ran.push('scheduled');
    });
    await jobs.enqueue('email-deliver', {});
    // start() offers the scheduled run and the workers fetch at once: all under way during stop().
    await jobs.start();
    await jobs.stop();
    const states = () =>
      queryRows<{ state: string }>(
        suite.ctx.db,
        sql`SELECT state::text AS state FROM pgboss.job ORDER BY id`,
      );
    const atStop = { ran: [...ran], states: await states() };
    expect(atStop.states.map((job) => job.state)).not.toContain('active');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect({ ran, states: await states() }).toEqual(atStop);
  });

  it('retries a failing job with a growing delay, then keeps it failed; an admin retries it from the back office', async () => {
    const jobs = worker();
    const runs: Array<{ at: number; run: JobRun }> = [];
    let healthy = false;
    jobs.define('email-deliver', async (_data, run) => {
      runs.push({ at: Date.now(), run });
      if (!healthy) throw new Error('the mail server said no');
    });
    await jobs.start();
    const id = await jobs.enqueue('email-deliver', { n: 1 }, { retryLimit: 1 });
    await expect.poll(() => jobState(id), { timeout: 20_000 }).toMatchObject({ state: 'failed' });
    expect(runs.map((r) => [r.run.retryCount, r.run.lastAttempt])).toEqual([
      [0, false],
      [1, true],
    ]);
    // The first retry waits at least the retry delay (1 s here).
    expect(runs[1]!.at - runs[0]!.at).toBeGreaterThanOrEqual(900);

    const health = await admin('GET', '/api/admin/jobs');
    expect(health.statusCode, health.body).toBe(200);
    const body = health.json();
    expect(body.queues.find((q: { name: string }) => q.name === 'email-deliver')).toMatchObject({
      failed: 1,
    });
    expect(body.failed[0]).toMatchObject({
      id,
      name: 'email-deliver',
      error: 'the mail server said no',
      attempts: 2,
    });

    healthy = true;
    const retried = await admin('POST', `/api/admin/jobs/${id}/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toEqual({ id, name: 'email-deliver' });
    await expect.poll(() => jobState(id), { timeout: 15_000 }).toMatchObject({ state: 'completed' });
    expect(runs).toHaveLength(3);

    // Done: it is no longer failed, so a second Retry finds nothing.
    const again = await admin('POST', `/api/admin/jobs/${id}/retry`);
    expect(again.statusCode).toBe(404);
    expect(again.json().error).toMatchObject({
      code: 'job_not_found',
      message: 'No failed job with this id',
    });
  });

  it('aborts the signal of a run that passes its timeout, and fails the job with the reason', async () => {
    const jobs = worker(suite.ctx.db, 1);
    const aborted: string[] = [];
    jobs.define('email-deliver', async (_data, run) => {
      try {
        await sleep(60_000, undefined, { signal: run.signal });
      } catch (error) {
        aborted.push((run.signal.reason as Error).message);
        throw error;
      }
    });
    await jobs.start();
    const id = await jobs.enqueue('email-deliver', {}, { retryLimit: 0 });
    await expect
      .poll(() => jobState(id), { timeout: 20_000 })
      .toMatchObject({
        state: 'failed',
        output: { message: 'the job passed its timeout of 1 s' },
      });
    expect(aborted).toEqual(['the job passed its timeout of 1 s']);
  });

  it("counts a batch's timeout from its fetch: a job whose time ran out behind a slow one is not started", async () => {
    const jobs = worker(suite.ctx.db, 1);
    const started: string[] = [];
    jobs.define<{ label: string }>(
      'email-deliver',
      async ({ label }, run) => {
        started.push(label);
        // The batch's first run takes its whole time.
        if (started.length === 1) await sleep(60_000, undefined, { signal: run.signal });
      },
      { batchSize: 2 },
    );
    const ids = [
      await jobs.enqueue('email-deliver', { label: 'a' }),
      await jobs.enqueue('email-deliver', { label: 'b' }),
    ];
    await jobs.start();
    for (const id of ids) {
      await expect.poll(() => jobState(id), { timeout: 20_000 }).toMatchObject({ state: 'completed' });
    }
    // Both failed once: the first at its timeout, the second without starting; each ran again once.
    const [first] = started;
    const other = first === 'a' ? 'b' : 'a';
    expect(started.filter((label) => label === other)).toEqual([other]);
    expect(started).toHaveLength(3);
    for (const id of ids) expect(await jobState(id)).toMatchObject({ retry_count: 1 });
  });

  it('never runs a job twice at once: a run that ignores its abort keeps the job from running again until it ends', async () => {
    // Two runners, as two processes (on PostgreSQL with pools of their own: only the lock tells them).
    const peer = await suite.ctx.peer();
    const first = worker(suite.ctx.db, 1);
    const second = worker(peer.db, 1);
    let runs = 0;
    let active = 0;
    let most = 0;
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    for (const jobs of [first, second]) {
      jobs.define('email-deliver', async () => {
        runs += 1;
        active += 1;
        most = Math.max(most, active);
        try {
          if (runs === 1) await released;
        } finally {
          active -= 1;
        }
      });
    }
    const id = await first.enqueue('email-deliver', {});
    await first.start();
    await expect.poll(() => runs, { timeout: 15_000 }).toBe(1);
    // The first runner gives up on the run it aborted and stops; the run itself goes on.
    await first.stop();
    await second.start();
    // The job expires and is handed to the second runner, which must not run it meanwhile.
    await expect
      .poll(async () => (await jobState(id))?.output?.message, { timeout: 30_000 })
      .toBe('an earlier run of this job is still going: it did not stop at its timeout');
    expect(runs).toBe(1);
    release();
    await expect.poll(() => jobState(id), { timeout: 30_000 }).toMatchObject({ state: 'completed' });
    expect({ runs, most }).toEqual({ runs: 2, most: 1 });
  });

  it('answers a Retry of an unknown job with a 404 and a malformed id with a 400', async () => {
    const unknown = await admin('POST', '/api/admin/jobs/00000000-0000-4000-8000-000000000000/retry');
    expect(unknown.statusCode).toBe(404);
    const malformed = await admin('POST', '/api/admin/jobs/not-a-job/retry');
    expect(malformed.statusCode).toBe(400);
  });

  it('runs a scheduled job once per period however many workers offer it, and shows its last and next run', async () => {
    // Two runners, as two worker processes would be (on PostgreSQL each with a pool of its own).
    const peer = await suite.ctx.peer();
    const periods: number[] = [];
    for (const jobs of [worker(), worker(peer.db)]) {
      jobs.schedule('checkout-expire', 1, async () => {
        periods.push(Math.floor(Date.now() / 1000));
      });
      await jobs.start();
    }
    await expect.poll(() => periods.length, { timeout: 20_000 }).toBeGreaterThanOrEqual(3);
    const rows = await queryRows<{ slot: string; n: number }>(
      suite.ctx.db,
      sql`SELECT singleton_on::text AS slot, count(*)::int AS n FROM pgboss.job
        WHERE name = 'checkout-expire' GROUP BY singleton_on`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(3);
    for (const row of rows) expect(row.n, row.slot).toBe(1);

    // The app's own schedule (CHECKOUT_SWEEP_INTERVAL_SECONDS, 60 by default) is what the back office shows.
    const schedule = (await admin('GET', '/api/admin/jobs'))
      .json()
      .schedules.find((s: { name: string }) => s.name === 'checkout-expire');
    expect(schedule).toMatchObject({ name: 'checkout-expire', period_seconds: 60 });
    expect(Date.parse(schedule.last_run_at)).toBeLessThanOrEqual(Date.now() + 1000);
    expect(Date.parse(schedule.next_run_at) % 60_000).toBe(0);
    expect(Date.parse(schedule.next_run_at)).toBeGreaterThan(Date.now() - 1000);
  });
});
