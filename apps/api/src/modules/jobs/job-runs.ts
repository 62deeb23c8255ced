import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';

/**
 * The first key of the advisory locks on job ids (the two-key lock space, apart from the one-key
 * locks such as migrations'); the second key is a hash of the job's id.
 */
const JOB_LOCK_SPACE = 7_147_002;

/**
 * Per database handle, the jobs whose run passed its timeout and has not stopped yet. PGlite has one
 * handle in its process; each PostgreSQL pool counts as a process of its own, seen through the locks.
 */
const unstoppedByDb = new WeakMap<Db, Set<string>>();

function unstopped(db: Db): Set<string> {
  let ids = unstoppedByDb.get(db);
  if (!ids) {
    ids = new Set();
    unstoppedByDb.set(db, ids);
  }
  return ids;
}

/**
 * Which of these fetched jobs still have a run going that did not stop at its timeout: on this
 * database handle, or on another one on the same PostgreSQL (it holds the job's advisory lock meanwhile).
 */
export async function unstoppedJobs(db: Db, shared: boolean, ids: string[]): Promise<Set<string>> {
  const found = new Set(ids.filter((id) => unstopped(db).has(id)));
  if (!shared || ids.length === 0) return found;
  // A transaction-level lock taken by a one-statement transaction: free again when the statement ends.
  const rows = await queryRows<{ id: string }>(
    db,
    sql`SELECT id::text AS id FROM unnest(${`{${ids.join(',')}}`}::uuid[]) AS id
      WHERE NOT pg_try_advisory_xact_lock(${JOB_LOCK_SPACE}, hashtext(id::text))`,
  );
  for (const row of rows) found.add(row.id);
  return found;
}

/**
 * Marks a job's run that passed its timeout as going until `settled`: unstoppedJobs reports it in this
 * process, and on PostgreSQL a transaction holds the job's advisory lock for the other processes. That
 * transaction takes a pooled connection for as long as the run goes on; PGlite, one process's, needs
 * none (and a transaction there would stop every other query).
 */
export function holdUntilSettled(
  db: Db,
  shared: boolean,
  id: string,
  settled: Promise<unknown>,
  onLockError: (error: unknown) => void,
): Promise<void> {
  unstopped(db).add(id);
  const locked = shared
    ? db
        .transaction(async (tx) => {
          await tx.execute(sql`SELECT pg_advisory_xact_lock(${JOB_LOCK_SPACE}, hashtext(${id}))`);
          await settled.catch(() => {});
        })
        .catch(onLockError)
    : undefined;
  return Promise.allSettled([locked, settled]).then(() => {
    unstopped(db).delete(id);
  });
}
