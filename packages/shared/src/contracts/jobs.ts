import { z } from 'zod';

/** One queue's jobs by state (failed: retries used up, the dead-letter state). */
export const jobQueueCounts = z.object({
  name: z.string(),
  waiting: z.number().int(),
  active: z.number().int(),
  failed: z.number().int(),
  /** Completed in the last day (older ones are archived). */
  completed: z.number().int(),
});

/** A job that runs once per period across all workers. */
export const scheduledJob = z.object({
  name: z.string(),
  period_seconds: z.number().int(),
  last_run_at: z.string().nullable(),
  /** Null when the schedule is off (a period of 0). */
  next_run_at: z.string().nullable(),
});

export const failedJob = z.object({
  id: z.uuid(),
  name: z.string(),
  error: z.string(),
  /** Runs it had: the first plus each retry. */
  attempts: z.number().int(),
  created_at: z.string(),
  failed_at: z.string().nullable(),
});

/** GET /api/admin/jobs: the job queue's health (admin). */
export const jobsHealth = z.object({
  /** Whether this process runs jobs (ROLE all or worker); a web process only queues them. */
  runs_jobs: z.boolean(),
  queues: z.array(jobQueueCounts),
  schedules: z.array(scheduledJob),
  /** The 50 most recent failed jobs, newest first. */
  failed: z.array(failedJob),
});
export type JobsHealth = z.infer<typeof jobsHealth>;

/** POST /api/admin/jobs/:jobId/retry: the failed job is queued again. */
export const jobRetried = z.object({ id: z.uuid(), name: z.string() });
