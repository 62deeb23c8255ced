import { sql } from 'drizzle-orm';
import { type Db, POOL_APPLICATION_NAME, queryRows } from '../../db/client.ts';
import { jobCounts } from '../jobs/jobs.service.ts';
import { JOB_QUEUES } from '../jobs/queues.ts';
import type { ScrapeSources } from './metrics.ts';

/** pg-boss's job states, in the order a job moves through them. */
const JOB_STATES = ['created', 'retry', 'active', 'completed', 'cancelled', 'failed'] as const;

/**
 * The scrape's database reads: this process's pool (its size, and its connections by state as
 * PostgreSQL sees them, found by the pool's application_name; the embedded database has one
 * connection), and the job queue's counts.
 */
export function databaseSources(db: Db, poolSize: number): ScrapeSources {
  return {
    poolSize,
    connections: () =>
      queryRows<{ state: string; n: number }>(
        db,
        sql`SELECT coalesce(state, 'unknown') AS state, count(*)::int AS n FROM pg_stat_activity
          WHERE application_name = ${POOL_APPLICATION_NAME} AND pid <> pg_backend_pid() GROUP BY 1`,
      ),
    jobs: async () => {
      // Every queue in every state, zeros included, so a queue's series exist before its first job.
      const counts = new Map((await jobCounts(db)).map((c) => [`${c.name}\u0000${c.state}`, Number(c.n)]));
      return JOB_QUEUES.flatMap((name) =>
        JOB_STATES.map((state) => ({ name, state, n: counts.get(`${name}\u0000${state}`) ?? 0 })),
      );
    },
  };
}
