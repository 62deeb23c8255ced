// Whether a flash sale's hot stock row makes other statements wait (bench/flash-sale.mjs): the bench
// can hold the row's lock itself, as a long reservation would, and samples PostgreSQL's lock waits.
//
// A backend that waits on a heavyweight lock shows `wait_event_type = 'Lock'` in pg_stat_activity, and
// pg_blocking_pids() names the backends ahead of it. With the row held by the bench's own transaction,
// a waiter is "behind the hot row" when the holder is among its blockers, or among its blockers'
// blockers (a second guest of the row waits on the first one's tuple lock). Every other lock wait is
// counted apart, by its statement: an other product's checkout queued behind the sale would show there
// or behind the row, under a statement that is not the sale's.

import { sleep } from './processes.mjs';

/** Between two samples; a sample itself takes a few milliseconds. */
const SAMPLE_EVERY_MS = 20;

/**
 * Locks the stock row `variantId` (SELECT ... FOR UPDATE in a transaction of its own) for `seconds`,
 * then runs `beforeRelease()` (e.g. the end of a sampling, so that no sample sees the commit under
 * way) and commits without a change. `locked` resolves with the holding backend's pid and the time
 * it got the lock; `released` with `beforeRelease`'s result once the lock was let go.
 */
export function holdRow(sql, variantId, seconds, beforeRelease = async () => undefined) {
  let onLocked;
  let onFailed;
  const locked = new Promise((resolve, reject) => {
    onLocked = resolve;
    onFailed = reject;
  });
  const released = sql.begin(async (tx) => {
    const [{ pid }] = await tx`
        select pg_backend_pid() as pid from product_variants where id = ${variantId} for update`;
    onLocked({ pid, at: Date.now() });
    await sleep(seconds * 1000);
    return { at: Date.now(), result: await beforeRelease() };
  });
  released.catch(onFailed);
  return { locked, released };
}

/** A statement that reads or writes stock rows (a checkout's reservation among them). */
const STOCK_STATEMENT = /\bproduct_variants\b/i;

/** The first words of a statement, its whitespace collapsed: enough to tell statements apart. */
const head = (query) => String(query).replace(/\s+/g, ' ').trim().slice(0, 90);

/** Counts of lock waits (backend-samples) by statement head, most first. */
const tally = (heads) =>
  Object.fromEntries(
    [...heads.reduce((m, h) => m.set(h, (m.get(h) ?? 0) + 1), new Map())].sort((a, b) => b[1] - a[1]),
  );

/**
 * Samples the database's client backends that are not idle every SAMPLE_EVERY_MS until the returned
 * function is called; that resolves with the summary: samples taken, active backends on average, and
 * the lock waits behind `holderPid`'s row (none when no pid is given) and elsewhere, each as
 * backend-samples, the most at once, their statements with the lock waited for (wait_event, and the
 * table when it is a row: the waiter holds that row's tuple lock while it waits), the
 * statement of the first backend each waited for (its last one when it sits idle in a transaction),
 * how many of them were not in a statement on stock rows, and the backend-samples by the table of the
 * row waited for (`byTable`; the lock's kind in brackets when it was not a row's).
 */
export function sampleLockWaits(sql, holderPid) {
  const samples = [];
  let sampling = true;
  const loop = (async () => {
    while (sampling) {
      samples.push(
        await sql`
          select a.pid, a.state, a.wait_event_type as type, a.wait_event as event,
            pg_blocking_pids(a.pid) as blockers, a.query,
            (select string_agg(distinct l.relation::regclass::text, ',') from pg_locks l
              where l.pid = a.pid and l.locktype = 'tuple') as tuple_of
          from pg_stat_activity a
          where a.datname = current_database() and a.backend_type = 'client backend'
            and a.state <> 'idle' and a.pid <> pg_backend_pid()`,
      );
      await sleep(SAMPLE_EVERY_MS);
    }
  })();
  return async () => {
    sampling = false;
    await loop;
    return summariseLockWaits(samples, holderPid);
  };
}

/** The summary of sampleLockWaits from its samples (each the active backends at one moment). */
export function summariseLockWaits(samples, holderPid) {
  const behind = { mostAtOnce: 0, heads: [], blockerHeads: [], tableHeads: [], notStock: 0 };
  const elsewhere = { mostAtOnce: 0, heads: [], blockerHeads: [], tableHeads: [], notStock: 0 };
  let active = 0;
  for (const backends of samples) {
    active += backends.filter((b) => b.state === 'active').length;
    const byPid = new Map(backends.map((b) => [b.pid, b]));
    const isBehindRow = (b, seen = new Set([b.pid])) =>
      holderPid !== undefined &&
      b.blockers.some((pid) => {
        if (pid === holderPid) return true;
        if (seen.has(pid) || !byPid.has(pid)) return false;
        seen.add(pid);
        return isBehindRow(byPid.get(pid), seen);
      });
    let nBehind = 0;
    let nElsewhere = 0;
    for (const b of backends) {
      if (b.type !== 'Lock') continue;
      const into = isBehindRow(b) ? behind : elsewhere;
      into.heads.push(`${head(b.query)} [${b.event}${b.tuple_of ? ` on a row of ${b.tuple_of}` : ''}]`);
      into.tableHeads.push(b.tuple_of ?? `(${b.event})`);
      const blocker = byPid.get(b.blockers[0]);
      into.blockerHeads.push(blocker ? `${head(blocker.query)} (${blocker.state})` : 'a backend not sampled');
      if (!STOCK_STATEMENT.test(b.query)) into.notStock++;
      if (into === behind) nBehind++;
      else nElsewhere++;
    }
    behind.mostAtOnce = Math.max(behind.mostAtOnce, nBehind);
    elsewhere.mostAtOnce = Math.max(elsewhere.mostAtOnce, nElsewhere);
  }
  const done = ({ heads, blockerHeads, tableHeads, ...rest }) => ({
    ...rest,
    backendSamples: heads.length,
    byTable: tally(tableHeads),
    statements: tally(heads),
    waitingFor: tally(blockerHeads),
  });
  return {
    samples: samples.length,
    activeBackends: samples.length ? Math.round((10 * active) / samples.length) / 10 : 0,
    behindRow: done(behind),
    elsewhere: done(elsewhere),
  };
}
