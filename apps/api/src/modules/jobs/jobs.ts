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
  const workers = new Map<JobName, string>();
  const tickers: NodeJS.Timeout[] = [];
  let started: Promise<void> | null = null;

  const sendOptions = (retryLimit: number): PgBoss.SendOptions => ({
    retryLimit,
    retryDelay: retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: timeoutSeconds,
  });

  async function runBatch(name: JobName, definition: Definition, jobs: PgBoss.JobWithMetadata<unknown>[]) {
    // One job's failure fails that job only; pg-boss completes the others when the batch returns.
    for (const job of jobs) {
      const run: JobRun = {
        id: job.id,
        name,
        retryCount: job.retryCount,
        retryLimit: job.retryLimit,
        lastAttempt: job.retryCount >= job.retryLimit,
      };
      try {
        await inSpan(
          `job ${name}`,
          { 'job.queue': name, 'job.id': job.id, 'job.retry_count': job.retryCount },
          () => definition.handler(job.data, run),
        );
      } catch (error) {
        const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000);
        log.warn({ err: error, job: job.id, queue: name }, 'job failed');
        await boss.fail(name, job.id, { message });
      }
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

  function wake(name: JobName) {
    const worker = workers.get(name);
    if (worker) boss.notifyWorker(worker);
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
        await boss.start();
        for (const [name, definition] of definitions) {
          const id = await boss.work(
            name,
            { batchSize: definition.batchSize, includeMetadata: true, pollingIntervalSeconds: pollSeconds },
            (jobs) => runBatch(name, definition, jobs),
          );
          workers.set(name, id);
          const period = definition.periodSeconds;
          if (period) {
            void offer(name, period);
            // Twice a period (at most every 30 s), so no period goes by without an offer.
            const timer = setInterval(() => void offer(name, period), Math.min(period * 500, 30_000));
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
      workers.clear();
      await boss.stop({ graceful: true, close: false, timeout: 10_000 });
    },
  };
}

export type Jobs = ReturnType<typeof createJobs>;
