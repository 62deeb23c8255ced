import type { JobsHealth } from '@cartwheel/shared/contracts/jobs';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { Jobs } from './jobs.ts';
import { JOB_QUEUES, type JobName } from './queues.ts';

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** How many jobs each queue holds in each state (created, retry, active, completed, failed...). */
export function jobCounts(db: Db): Promise<Array<{ name: string; state: string; n: number }>> {
  return queryRows<{ name: string; state: string; n: number }>(
    db,
    sql`SELECT name, state::text AS state, count(*)::int AS n FROM pgboss.job GROUP BY name, state`,
  );
}

/** Counts per queue and state, each schedule's last and next run, and the latest failed jobs. */
export async function jobsHealth(db: Db, jobs: Jobs): Promise<JobsHealth> {
  const [counts, failed] = await Promise.all([
    jobCounts(db),
    queryRows<{
      id: string;
      name: string;
      output: { message?: string } | null;
      retry_count: number;
      created_on: Date | string;
      completed_on: Date | string | null;
    }>(
      db,
      sql`SELECT id, name, output, retry_count, created_on, completed_on FROM pgboss.job
        WHERE state = 'failed' ORDER BY completed_on DESC NULLS LAST, id LIMIT 50`,
    ),
  ]);
  const count = (name: string, ...states: string[]) =>
    counts
      .filter((c) => c.name === name && states.includes(c.state))
      .reduce((sum, c) => sum + Number(c.n), 0);

  const schedules = await Promise.all(
    jobs.schedules().map(async ({ name, periodSeconds }) => {
      const [row] = await queryRows<{ last_run: Date | string | null; next_run: Date | string | null }>(
        db,
        sql`SELECT
            (SELECT max(completed_on) FROM (
              SELECT completed_on FROM pgboss.job WHERE name = ${name} AND state = 'completed'
              UNION ALL SELECT completed_on FROM pgboss.archive WHERE name = ${name} AND state = 'completed'
            ) runs) AS last_run,
            CASE WHEN ${periodSeconds}::int > 0 THEN to_timestamp(
              (floor(extract(epoch FROM now()) / ${periodSeconds}::int) + 1) * ${periodSeconds}::int)
            END AS next_run`,
      );
      return {
        name,
        period_seconds: periodSeconds,
        last_run_at: iso(row?.last_run ?? null),
        next_run_at: iso(row?.next_run ?? null),
      };
    }),
  );

  return {
    runs_jobs: jobs.running,
    queues: JOB_QUEUES.map((name) => ({
      name,
      waiting: count(name, 'created', 'retry'),
      active: count(name, 'active'),
      failed: count(name, 'failed'),
      completed: count(name, 'completed'),
    })),
    schedules,
    failed: failed.map((job) => ({
      id: job.id,
      name: job.name,
      error: job.output?.message ?? 'No error recorded',
      attempts: Number(job.retry_count) + 1,
      created_at: iso(job.created_on)!,
      failed_at: iso(job.completed_on),
    })),
  };
}

/** Queues a failed job again, with one more try. 404 when no failed job has this id. */
export async function retryFailedJob(db: Db, jobs: Jobs, id: string): Promise<{ id: string; name: string }> {
  const [job] = await queryRows<{ name: JobName }>(
    db,
    sql`SELECT name FROM pgboss.job WHERE id = ${id}::uuid AND state = 'failed'`,
  );
  if (!job || !(await jobs.retry(job.name, id))) {
    throw notFound('job_not_found', 'No failed job with this id');
  }
  return { id, name: job.name };
}
