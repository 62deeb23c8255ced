import PgBoss from 'pg-boss';
import type { Config } from '../../config.ts';
import { type Db, driverClient, type Tx } from '../../db/client.ts';
import { inSpan } from '../metrics/tracing.ts';
import { bossDb } from './boss-db.ts';
import { holdUntilSettled, unstoppedJobs } from './job-runs.ts';
import { JOBS_SCHEMA, type JobName } from './queues.ts';

export interface JobsLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

/** What a handler knows about the run it is in. */
export interface JobRun {
  id: string;
  name: JobName;
  /** 0 on the first run; the job is failed for good when a run with retryCount === retryLimit throws. */
  retryCount: number;
  retryLimit: number;
  /** This is the last try: if it throws, the job ends in the failed (dead-letter) state. */
  lastAttempt: boolean;
  /**
   * Aborts when the run passes its timeout (JOB_TIMEOUT_SECONDS) or its worker stops: handlers pass it
   * to what they await (fetch, providers) and check it in long loops.
   */
  signal: AbortSignal;
}

export type JobHandler<T> = (data: T, run: JobRun) => Promise<void>;

export interface EnqueueOptions {
  /** The caller's transaction: the job exists if and only if it commits. */
  tx?: Db | Tx;
  /** How many times a failed run is tried again (default 5), waiting longer each time. */
  retryLimit?: number;
  /** Not before this many seconds from now. */
  startAfterSeconds?: number;
}

interface Definition {
  handler: JobHandler<unknown>;
  batchSize: number;
  /** How many runs of this queue one process has going at once (one worker loop each). */
  concurrency: number;
  /** Scheduled jobs: the period in seconds (one run per period across every process). */
  periodSeconds?: number;
}

const DEFAULT_RETRY_LIMIT = 5;

/** How long stop() waits for running jobs; then their signals abort, and unfinished ones are retried. */
const STOP_WAIT_SECONDS = 10;

/**
 * How much longer than a run's timeout pg-boss waits before it takes an active job for lost and hands
 * it out again: the run is aborted first, and a run that does not stop is marked unstopped in time.
 */
export function expiryGraceSeconds(timeoutSeconds: number): number {
  return Math.max(2, Math.min(60, Math.ceil(timeoutSeconds / 5)));
}

/** The promise's value, or undefined once `seconds` have passed. */
async function settledWithin<T>(seconds: number, promise: Promise<T>): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), seconds * 1000);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

type Outcome = { ok: true } | { ok: false; error: unknown } | { ok: 'unstopped' };

/**
 * The shop's durable job queue: pg-boss on our own database (the PostgreSQL pool or the embedded
 * PGlite; docs/decisions/0025-job-queue.md). Every process can enqueue; only a process that called
 * start() (ROLE all or worker) runs handlers and schedules.
 */
export function createJobs({ db, config, log }: { db: Db; config: Pick<Config, 'jobs'>; log: JobsLog }) {
  const { timeoutSeconds, retryDelaySeconds, pollSeconds } = config.jobs;
  const graceSeconds = expiryGraceSeconds(timeoutSeconds);
  /** PostgreSQL, where other processes run jobs too; PGlite belongs to this process alone. */
  const shared = (() => {
    const client = driverClient(db);
    return client !== undefined && 'reserve' in client;
  })();
  /** The signals of the runs under way, aborted when stop() has waited long enough. */
  const running = new Set<AbortController>();
  const boss = new PgBoss({
    db: bossDb(db),
    schema: JOBS_SCHEMA,
    migrate: false,
    schedule: false,
    supervise: true,
    // Expiry (a job whose worker died is retried after its expireInSeconds) runs with maintenance.
    maintenanceIntervalSeconds: Math.max(1, Math.min(60, Math.floor(timeoutSeconds / 2))),
    archiveCompletedAfterSeconds: 24 * 60 * 60,
    archiveFailedAfterSeconds: 30 * 24 * 60 * 60,
  });
  boss.on('error', (error) => log.warn({ err: error }, 'job queue error'));

  const definitions = new Map<JobName, Definition>();
  /** Wakes the worker loops of a queue waiting for their next poll. */
  const sleepers = new Map<JobName, Set<() => void>>();
  const loops: Promise<void>[] = [];
  const tickers: NodeJS.Timeout[] = [];
  let started: Promise<void> | null = null;
  let stopping = false;

  const sendOptions = (retryLimit: number): PgBoss.SendOptions => ({
    retryLimit,
    retryDelay: retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: timeoutSeconds + graceSeconds,
  });

  /**
   * Runs one job's handler. At `deadline` (its batch's fetch plus timeoutSeconds, as pg-boss counts)
   * its signal aborts; a run that has not stopped half the grace later is left going, marked unstopped
   * until it ends, so that the job, handed out again once it expires, is not run a second time
   * meanwhile (docs/decisions/0062-jobs-abort-at-timeout.md).
   */
  async function runJob(
    name: JobName,
    definition: Definition,
    job: PgBoss.JobWithMetadata<unknown>,
    deadline: number,
  ): Promise<Outcome> {
    const timedOut = () => new Error(`the job passed its timeout of ${timeoutSeconds} s`);
    if (Date.now() >= deadline) return { ok: false, error: timedOut() };
    const controller = new AbortController();
    running.add(controller);
    const run: JobRun = {
      id: job.id,
      name,
      retryCount: job.retryCount,
      retryLimit: job.retryLimit,
      lastAttempt: job.retryCount >= job.retryLimit,
      signal: controller.signal,
    };
    const settled: Promise<Outcome> = inSpan(
      `job ${name}`,
      { 'job.queue': name, 'job.id': job.id, 'job.retry_count': job.retryCount },
      () => definition.handler(job.data, run),
    ).then(
      () => ({ ok: true }),
      (error: unknown) => ({ ok: false, error }),
    );
    void settled.finally(() => running.delete(controller));
    const first = await settledWithin((deadline - Date.now()) / 1000, settled);
    if (first) return first;
    controller.abort(timedOut());
    void holdUntilSettled(db, shared, job.id, settled, (error) =>
      log.error({ err: error, job: job.id, queue: name }, 'could not lock a job that did not stop'),
    );
    const late = await settledWithin(graceSeconds / 2, settled);
    if (!late) {
      log.error(
        { job: job.id, queue: name },
        'a job did not stop at its timeout; it is not run again until it does',
      );
      return { ok: 'unstopped' };
    }
    return late.ok ? late : { ok: false, error: controller.signal.reason };
  }

  /**
   * Runs a fetched batch: one job's failure fails that job only; the others are completed together.
   * A job whose earlier run is still going, or whose time ran out while the batch's earlier jobs ran,
   * is failed without running (it is retried later).
   */
  async function runBatch(name: JobName, definition: Definition, jobs: PgBoss.JobWithMetadata<unknown>[]) {
    const deadline = Date.now() + timeoutSeconds * 1000;
    const done: string[] = [];
    const fail = async (id: string, error: unknown) => {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
      log.warn({ err: error, job: id, queue: name }, 'job failed');
      await boss.fail(name, id, { message }).catch((failError: unknown) => {
        // The job stays active, expires after its timeout and is retried then.
        log.error({ err: failError, job: id, queue: name }, 'could not record a failed job');
      });
    };
    let busy: Set<string>;
    try {
      busy = await unstoppedJobs(
        db,
        shared,
        jobs.map((job) => job.id),
      );
    } catch (error) {
      // Not run: they stay active until they expire, and are retried then.
      log.error({ err: error, queue: name }, 'could not check for runs still going');
      return;
    }
    for (const job of jobs) {
      if (busy.has(job.id)) {
        await fail(
          job.id,
          new Error('an earlier run of this job is still going: it did not stop at its timeout'),
        );
        continue;
      }
      const outcome = await runJob(name, definition, job, deadline);
      if (outcome.ok === true) done.push(job.id);
      else if (outcome.ok === false) await fail(job.id, outcome.error);
    }
    if (done.length === 0) return;
    await boss.complete(name, done).catch((error: unknown) => {
      // Unrecorded completions run again once they expire: handlers are idempotent.
      log.error({ err: error, jobs: done.length, queue: name }, 'could not record completed jobs');
    });
  }

  /**
   * One queue's worker: fetches a batch, runs it, and looks again at once while there is work; with
   * none, waits for the poll interval or a wake(). Our own loop rather than pg-boss's work(), whose
   * stop() neither waits for a fetch in flight nor for the completion it sends after a batch, so the
   * database could close under them. stop() awaits this loop.
   */
  async function workLoop(name: JobName, definition: Definition) {
    while (!stopping) {
      const jobs = await boss
        .fetch(name, { batchSize: definition.batchSize, includeMetadata: true })
        .catch((error: unknown) => {
          log.warn({ err: error, queue: name }, 'could not fetch jobs');
          return [];
        });
      if (jobs.length > 0) {
        await runBatch(name, definition, jobs);
        // Let I/O run between batches: the embedded database answers without waiting on a socket,
        // so busy loops would otherwise keep the server from taking connections.
        await new Promise((resolve) => setImmediate(resolve));
        continue;
      }
      if (stopping) break;
      const waiting = sleepers.get(name) ?? new Set<() => void>();
      sleepers.set(name, waiting);
      await new Promise<void>((resolve) => {
        const wakeUp = () => {
          clearTimeout(timer);
          waiting.delete(wakeUp);
          resolve();
        };
        const timer = setTimeout(wakeUp, pollSeconds * 1000);
        waiting.add(wakeUp);
      });
    }
  }

  /** Offers the current period's run of a scheduled job; the database keeps one per period. */
  async function offer(name: JobName, periodSeconds: number) {
    try {
      await boss.sendThrottled(name, {}, sendOptions(0), periodSeconds, name);
      wake(name);
    } catch (error) {
      log.warn({ err: error, queue: name }, 'could not schedule a job');
    }
  }

  /** Offers under way, which stop() waits for (they catch their own errors). */
  const offers = new Set<Promise<void>>();
  function track(offering: Promise<void>) {
    offers.add(offering);
    void offering.finally(() => offers.delete(offering));
  }

  function wake(name: JobName) {
    for (const wakeUp of [...(sleepers.get(name) ?? [])]) wakeUp();
  }

  return {
    /**
     * Registers the handler of a queue (queues.ts). `batchSize` jobs are fetched at a time, by each
     * of `concurrency` worker loops (so a slow run holds up only its own loop).
     */
    define<T>(name: JobName, handler: JobHandler<T>, { batchSize = 1, concurrency = 1 } = {}) {
      definitions.set(name, { handler: handler as JobHandler<unknown>, batchSize, concurrency });
    },

    /**
     * A job that runs once per `periodSeconds` however many workers run (0: never). Each worker offers
     * the period's run; pg-boss's unique throttle index keeps the first and drops the others.
     */
    schedule(name: JobName, periodSeconds: number, handler: (signal: AbortSignal) => Promise<void>) {
      definitions.set(name, {
        handler: (_data, run) => handler(run.signal),
        batchSize: 1,
        concurrency: 1,
        periodSeconds,
      });
    },

    /** Queues a job; with `tx`, in the caller's transaction. Returns the job's id. */
    async enqueue(name: JobName, data: object, options: EnqueueOptions = {}): Promise<string> {
      const id = await boss.send(name, data, {
        ...sendOptions(options.retryLimit ?? DEFAULT_RETRY_LIMIT),
        ...(options.tx ? { db: bossDb(options.tx) } : {}),
        ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      });
      if (!id) throw new Error(`the job queue did not accept a ${name} job`);
      if (!options.tx) wake(name);
      return id;
    },

    /**
     * Queues a job on a deduplicated queue (queues.ts) unless a job with the same key is waiting to
     * start; true when this call queued it.
     */
    async enqueueUnlessQueued(name: JobName, data: object, key: string): Promise<boolean> {
      const id = await boss.send(name, data, { ...sendOptions(DEFAULT_RETRY_LIMIT), singletonKey: key });
      wake(name);
      return id !== null;
    },

    /** Asks this process's worker of `name` to look for jobs now instead of at its next poll. */
    wake,

    /** The period of each scheduled job (for the back office). */
    schedules(): Array<{ name: JobName; periodSeconds: number }> {
      return [...definitions]
        .filter(([, d]) => d.periodSeconds !== undefined)
        .map(([name, d]) => ({ name, periodSeconds: d.periodSeconds ?? 0 }));
    },

    /** Puts a failed job back in the queue (one more try). False when no failed job has this id. */
    async retry(name: JobName, id: string): Promise<boolean> {
      const result = (await boss.retry(name, id)) as unknown as { affected?: number } | undefined;
      return (result?.affected ?? 0) > 0;
    },

    get running(): boolean {
      return started !== null;
    },

    /** Runs the handlers and the schedules in this process (ROLE all or worker). */
    start(): Promise<void> {
      started ??= (async () => {
        stopping = false;
        await boss.start();
        for (const [name, definition] of definitions) {
          for (let i = 0; i < definition.concurrency; i++) loops.push(workLoop(name, definition));
          const period = definition.periodSeconds;
          if (period) {
            track(offer(name, period));
            // Twice a period (at most every 30 s), so no period goes by without an offer.
            const timer = setInterval(() => track(offer(name, period)), Math.min(period * 500, 30_000));
            timer.unref();
            tickers.push(timer);
          }
        }
      })();
      return started;
    },

    /**
     * Stops taking jobs and waits (up to 10 s) for the ones running; then aborts their signals, and
     * unfinished ones are retried once they expire.
     */
    async stop(): Promise<void> {
      for (const timer of tickers.splice(0)) clearInterval(timer);
      if (!started) return;
      await started.catch(() => {});
      started = null;
      stopping = true;
      for (const name of sleepers.keys()) wake(name);
      // The loops and offers catch their own errors: only the time limit ends this wait early.
      const underWay = Promise.all([...loops.splice(0), ...offers]);
      await settledWithin(STOP_WAIT_SECONDS, underWay);
      for (const controller of running) controller.abort(new Error('the worker is stopping'));
      // Our workers are done: this stops pg-boss's maintenance.
      await boss.stop({ graceful: false, close: false });
    },
  };
}

export type Jobs = ReturnType<typeof createJobs>;
