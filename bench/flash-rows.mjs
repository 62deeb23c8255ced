// The flash-sale phase's figures and rows (bench/flash-sale.mjs runs it; bench/phases.md, "3b. Flash sale",
// and docs/decisions/0050-flash-sale-measured-open-loop.md say why they are judged so).

import { fmtInt, fmtMs, percentile, row } from './report.mjs';

/**
 * The share of the offered rate the others must complete during the sale, and the p99 they must keep
 * (from each flow's arrival to its session's answer): a second keeps a shopper's attention on the
 * page, and a queue building up behind the sale would push the p99 towards the sale's length.
 */
export const RATE_KEPT = 95;
export const P99_BOUND_MS = 1000;
/**
 * The share of their flow's closed-loop rate alone (the same flow, paying included, as many shoppers at
 * a time as the closed loop) at which the others arrive in the open-loop runs: half,
 * so the machine has room for them and for the sale's work, as a shop sized for its usual traffic has.
 */
export const OPEN_RATE_SHARE = 50;
/** The closed-loop share the phase judged before decision 0050; printed for comparison only. */
const CLOSED_LOOP_SHARE = 80;

/**
 * An open-loop run's figures over [from, to): the flows completed in it per second (and as a share
 * of `rate`), the p50 and p99 of the flows that arrived in it, and how many of those failed.
 */
export function openLoopWindow(run, from, to, rate) {
  const seconds = Math.max(to - from, 1) / 1000;
  const arrived = run.flows.filter((f) => f.due >= from && f.due < to);
  const completed = run.flows.filter((f) => f.ok && f.end >= from && f.end < to).length;
  const ms = arrived.filter((f) => f.ok).map((f) => f.end - f.due);
  return {
    seconds,
    arrived: arrived.length,
    completedPerSec: completed / seconds,
    keptPct: Math.round((100 * completed) / seconds / rate),
    p50Ms: percentile(ms, 50),
    p99Ms: percentile(ms, 99),
    errors: arrived.filter((f) => !f.ok).length,
  };
}

/** A sale sold exactly its units, all paid once, without an error other than the sold-out answer. */
const exact = (s, units) =>
  s.sold === units &&
  s.unitsHeldByOrders === units &&
  s.stockLevel === 0 &&
  s.unitsPaid === units &&
  s.orderNumbers === units &&
  s.paidSessions === units;
const errorsOf = (s) => s.unexpected + s.connectionErrors + s.paymentProblems;
const kept = (w) => w.keptPct >= RATE_KEPT && w.errors === 0 && (w.p99Ms ?? Infinity) <= P99_BOUND_MS;
const windowText = (w) =>
  `${w.completedPerSec.toFixed(1)}/s completed (${w.keptPct}%), p50 ${fmtMs(w.p50Ms)} ms, p99 ${fmtMs(w.p99Ms)} ms` +
  `${w.errors ? `, ${w.errors} errors` : ''}`;
const top = (tally, n = 3) => Object.keys(tally).slice(0, n).join(' | ');
const counted = (tally) =>
  Object.entries(tally)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
const waitsText = (w) =>
  `${w.backendSamples} in ${w.samples} samples` +
  (w.backendSamples
    ? ` (at most ${w.mostAtOnce} at once; by table: ${counted(w.byTable)}; waiting: ${top(w.statements)}; for: ${top(w.waitingFor)})`
    : '');

/** The report's rows: the sales, the others closed loop, the others at a fixed rate, the held row. */
export function flashSaleRows(f, label) {
  const sales = [f, f.openLoop.sale, f.heldRow.sale];
  const allExact = sales.every((s) => exact(s, f.units)) && sales.every((s) => errorsOf(s) === 0);
  const later = sales
    .slice(1)
    .map(
      (s) => `${s.sold} sold and ${s.unitsPaid} paid in ${s.saleSeconds.toFixed(1)} s, ${errorsOf(s)} errors`,
    )
    .join('; ');
  const o = f.openLoop;
  const h = f.heldRow;
  const shopperNote = (n) => (n ? `; ${n} arrivals waited for a free shopper of ${o.shoppers}` : '');
  return [
    row('flash_sale', label, `exactly ${f.units} paid, 0 errors but sold-out 409s, each of 3 sales`, {
      figure:
        `${f.sold} sold, ${f.unitsPaid} paid (${f.orderNumbers} order numbers, ${f.paidSessions} paid sessions), ` +
        `${fmtInt(f.soldOut)} sold-out 409s, ${errorsOf(f)} errors, stock ${f.stockLevel} ` +
        `(orders hold ${f.unitsHeldByOrders}); checkout p50 ${fmtMs(f.checkoutP50Ms)} ms, ` +
        `p99 ${fmtMs(f.checkoutP99Ms)} ms; sale over in ${f.saleSeconds.toFixed(1)} s; cores used meanwhile: ` +
        `web ${f.saleCores.servers}, load generator ${f.saleCores.bench}, machine ${f.saleCores.machine}; ` +
        `sales 2 and 3: ${later}`,
      met: allExact,
    }),
    row(
      'flash_sale_others',
      "other products' checkouts during the sale, closed loop (as fast as they can)",
      `reference (was >= ${CLOSED_LOOP_SHARE}% of their rate before)`,
      {
        figure:
          `${f.othersDuringSalePerSec.toFixed(1)} sessions/s during (${f.othersBeforePerSec.toFixed(1)} before, ` +
          `${Math.round((100 * f.othersDuringSalePerSec) / Math.max(f.othersBeforePerSec, 1e-9))}%), ` +
          `p50 ${fmtMs(f.othersDuringSaleP50Ms)} ms, p99 ${fmtMs(f.othersDuringSaleP99Ms)} ms ` +
          `(${fmtMs(f.othersBeforeP50Ms)} ms before; cores used alone: web ${f.othersAloneCores.servers}, ` +
          `load generator ${f.othersAloneCores.bench}, machine ${f.othersAloneCores.machine})` +
          `${f.otherProblems ? `; ${f.otherProblems} errors` : ''}`,
      },
    ),
    row(
      'flash_sale_others_rate',
      `other products' checkouts arriving at ${o.rate} flows/s (open loop) during sale 2`,
      `>= ${RATE_KEPT}% of the rate completed, p99 <= ${fmtInt(P99_BOUND_MS)} ms, 0 errors`,
      {
        figure:
          `offered ${o.rate}/s (${OPEN_RATE_SHARE}% of the same paying flow's ${o.payingAlonePerSec.toFixed(1)}/s closed loop alone); ` +
          `during the sale (${o.duringSale.seconds.toFixed(1)} s): ${windowText(o.duringSale)}; alone: ` +
          `${windowText(o.alone)}${shopperNote(o.waitedForShopper)}; lock waits sampled during the sale: ` +
          `${waitsText({ samples: o.lockWaits.samples, ...o.lockWaits.elsewhere })}`,
        met: kept(o.duringSale) && o.problems === 0 && o.payingAloneProblems === 0,
      },
    ),
    row(
      'flash_sale_row_lock',
      `sale 3's row held ${h.holdSeconds.toFixed(1)} s by the bench, its guests queued on it; the others at ${h.rate}/s`,
      `no other statement waits behind the row; the others >= ${RATE_KEPT}% completed, p99 <= ${fmtInt(P99_BOUND_MS)} ms`,
      {
        figure:
          `behind the row: ${waitsText({ samples: h.lockWaits.samples, ...h.lockWaits.behindRow })}; ` +
          `other lock waits: ${waitsText({ samples: h.lockWaits.samples, ...h.lockWaits.elsewhere })}; ` +
          `active backends ${h.lockWaits.activeBackends} on average; the others while held: ` +
          `${windowText(h.whileHeld)}; after the release: ${windowText(h.afterRelease)}` +
          `${shopperNote(h.waitedForShopper)}`,
        met:
          h.lockWaits.elsewhere.backendSamples === 0 &&
          h.lockWaits.behindRow.notStock === 0 &&
          h.lockWaits.behindRow.backendSamples > 0 &&
          kept(h.whileHeld) &&
          h.problems === 0,
      },
    ),
  ];
}
