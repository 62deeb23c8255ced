import PgBoss from 'pg-boss';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { inSpan } from '../metrics/tracing.ts';
import { bossDb } from './boss-db.ts';
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
}

export type JobHandler<T> = (data: T, run: JobRun) => Promise<void>;

export interface EnqueueOptions {
  /** The caller's transaction: the job exists if and only if it commits. */
  tx?: Db | Tx;
  /** How many times a failed run is tried again (default 5), waiting longer each time. */
  retryLimit?: number;
}

interface Definition {
  handler: JobHandler<unknown>;
  batchSize: number;
  /** Scheduled jobs: the period in seconds (one run per period across every process). */
  periodSeconds?: number;
}

const DEFAULT_RETRY_LIMIT = 5;

/** How long stop() waits for running jobs; unfinished ones expire and are retried. */
const STOP_WAIT_SECONDS = 10;

/** The promise's outcome, or a failure once `seconds` have passed. */
async function withinSeconds<T>(seconds: number, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the job ran longer than ${seconds} s`)), seconds * 1000);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The shop's durable job queue: pg-boss on our own database (the PostgreSQL pool or the embedded
 * PGlite; docs/decisions/0025-job-queue.md). Every process can enqueue; only a process that called
 * start() (ROLE all or worker) runs handlers and schedules.
 */
export function createJobs({ db, config, log }: { db: Db; config: Pick<Config, 'jobs'>; log: JobsLog }) {
  const { timeoutSeconds, retryDelaySeconds, pollSeconds } = config.jobs;
  const boss = new PgBoss({
    db: bossDb(db),
    schema: JOBS_SCHEMA,
    migrate: false,
    schedule: false,
    supervise: true,
    // Expiry (a job whose worker died is retried after timeoutSeconds) runs with maintenance.
    maintenanceIntervalSeconds: Math.max(1, Math.min(60, Math.floor(timeoutSeconds / 2))),
    archiveCompletedAfterSeconds: 24 * 60 * 60,
    archiveFailedAfterSeconds: 30 * 24 * 60 * 60,
  });
  boss.on('error', (error) => log.warn({ err: error }, 'job queue error'));

  const definitions = new Map<JobName, Definition>();
  /** Wakes a worker waiting for its next poll. */
  const sleepers = new Map<JobName, () => void>();
  const loops: Promise<void>[] = [];
  const tickers: NodeJS.Timeout[] = [];
  let started: Promise<void> | null = null;
  let stopping = false;

  const sendOptions = (retryLimit: number): PgBoss.SendOptions => ({
    retryLimit,
    retryDelay: retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: timeoutSeconds,
  });

  /**
   * Runs a fetched batch: one job's failure fails that job only; the others are completed together.
   * A run that outlasts the job's timeout fails (the job is retried).
   */
  async function runBatch(name: JobName, definition: Definition, jobs: PgBoss.JobWithMetadata<unknown>[]) {
    const done: string[] = [];
    for (const job of jobs) {
      const run: JobRun = {
        id: job.id,
        name,
        retryCount: job.retryCount,
        retryLimit: job.retryLimit,
        lastAttempt: job.retryCount >= job.retryLimit,
      };
      try {
        await withinSeconds(
          timeoutSeconds,
          inSpan(
            `job ${name}`,
            { 'job.queue': name, 'job.id': job.id, 'job.retry_count': job.retryCount },
            () => definition.handler(job.data, run),
          ),
        );
        done.push(job.id);
      } catch (error) {
        const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
        log.warn({ err: error, job: job.id, queue: name }, 'job failed');
        await boss.fail(name, job.id, { message }).catch((failError: unknown) => {
          // The job stays active, expires after its timeout and is retried then.
          log.error({ err: failError, job: job.id, queue: name }, 'could not record a failed job');
        });
      }
    }
    if (done.length === 0) return;
    await boss.complete(name, done).catch((error: unknown) => {
      // Unrecorded completions run again after their timeout: handlers are idempotent.
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
        continue;
      }
      if (stopping) break;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, pollSeconds * 1000);
        sleepers.set(name, () => {
          clearTimeout(timer);
          resolve();
        });
      });
      sleepers.delete(name);
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
    sleepers.get(name)?.();
  }

  return {
    /** Registers the handler of a queue (queues.ts). `batchSize` jobs are fetched at a time. */
    define<T>(name: JobName, handler: JobHandler<T>, { batchSize = 1 } = {}) {
      definitions.set(name, { handler: handler as JobHandler<unknown>, batchSize });
    },

    /**
     * A job that runs once per `periodSeconds` however many workers run (0: never). Each worker offers
     * the period's run; pg-boss's unique throttle index keeps the first and drops the others.
     */
    schedule(name: JobName, periodSeconds: number, handler: () => Promise<void>) {
      definitions.set(name, { handler: () => handler(), batchSize: 1, periodSeconds });
    },

    /** Queues a job; with `tx`, in the caller's transaction. Returns the job's id. */
    async enqueue(name: JobName, data: object, options: EnqueueOptions = {}): Promise<string> {
      const id = await boss.send(name, data, {
        ...sendOptions(options.retryLimit ?? DEFAULT_RETRY_LIMIT),
        ...(options.tx ? { db: bossDb(options.tx) } : {}),
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
          loops.push(workLoop(name, definition));
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

    /** Stops taking jobs and waits (up to 10 s) for the ones running; unfinished ones are retried. */
    async stop(): Promise<void> {
      for (const timer of tickers.splice(0)) clearInterval(timer);
      if (!started) return;
      await started.catch(() => {});
      started = null;
      stopping = true;
      for (const wakeUp of sleepers.values()) wakeUp();
      // The loops and offers catch their own errors: only the time limit ends this wait early.
      await withinSeconds(STOP_WAIT_SECONDS, Promise.all([...loops.splice(0), ...offers])).catch(() => {});
      // Our workers are done: this stops pg-boss's maintenance.
      await boss.stop({ graceful: false, close: false });
    },
  };
}

export type Jobs = ReturnType<typeof createJobs>;
