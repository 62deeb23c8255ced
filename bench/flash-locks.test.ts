import { describe, expect, it } from 'vitest';
import { summariseLockWaits } from './flash-locks.mjs';
import { openLoopWindow } from './flash-rows.mjs';

const TAKE = 'WITH stock_move_0 AS (UPDATE "product_variants" t SET inventory_level = t.inventory_level';
const ORDER_NUMBER = 'UPDATE "shop_counters" SET value = value + 1 WHERE name = $1';
const backend = (pid: number, type: string | null, blockers: number[], query: string) => ({
  pid,
  state: type === 'Client' ? 'idle in transaction' : 'active',
  type,
  event: type === 'Lock' ? 'transactionid' : null,
  blockers,
  query,
});

describe('summariseLockWaits', () => {
  it("counts a row's queue behind the holder, the second guest waiting on the first among it", () => {
    const summary = summariseLockWaits(
      [
        [backend(11, 'Lock', [99], TAKE), backend(12, 'Lock', [11], TAKE), backend(13, null, [], 'SELECT 1')],
        [backend(11, 'Lock', [99], TAKE)],
      ],
      99,
    );
    expect(summary.samples).toBe(2);
    expect(summary.activeBackends).toBe(2);
    expect(summary.behindRow.waitingFor).toEqual({ 'a backend not sampled': 2, [`${TAKE} (active)`]: 1 });
    expect(summary.behindRow).toMatchObject({ backendSamples: 3, mostAtOnce: 2, notStock: 0 });
    expect(summary.elsewhere).toMatchObject({ backendSamples: 0, mostAtOnce: 0 });
  });

  it('counts a statement that is not a stock statement queued behind the row, and waits elsewhere', () => {
    const summary = summariseLockWaits(
      [
        [
          backend(11, 'Lock', [99], TAKE),
          // Waits on a lock the sale's stuck transaction holds: the shop is serialised behind the row.
          backend(14, 'Lock', [11], ORDER_NUMBER),
          backend(15, 'Lock', [16], ORDER_NUMBER),
          backend(16, 'Client', [], ORDER_NUMBER),
        ],
      ],
      99,
    );
    expect(summary.behindRow).toMatchObject({ backendSamples: 2, notStock: 1 });
    expect(summary.elsewhere).toMatchObject({ backendSamples: 1, notStock: 1 });
    expect(summary.elsewhere.statements).toEqual({ [`${ORDER_NUMBER} [transactionid]`]: 1 });
    expect(summary.elsewhere.waitingFor).toEqual({ [`${ORDER_NUMBER} (idle in transaction)`]: 1 });
  });

  it('puts every lock wait elsewhere when no row is held', () => {
    const summary = summariseLockWaits(
      [[backend(11, 'Lock', [12], TAKE), backend(12, null, [], TAKE)]],
      undefined,
    );
    expect(summary.behindRow.backendSamples).toBe(0);
    expect(summary.elsewhere).toMatchObject({ backendSamples: 1, mostAtOnce: 1, notStock: 0 });
  });

  it('counts the waits elsewhere by the table of the row waited for, the lock kind when not a row', () => {
    const PAID = "UPDATE orders SET status = 'processing', payment_status = 'paid'";
    const onRow = (pid: number, blocker: number, table: string) => ({
      ...backend(pid, 'Lock', [blocker], PAID),
      tuple_of: table,
    });
    const summary = summariseLockWaits(
      [
        [
          onRow(21, 30, 'order_category_sales'),
          onRow(22, 21, 'order_category_sales'),
          backend(30, 'Client', [], PAID),
        ],
        [
          onRow(21, 30, 'order_product_sales'),
          backend(23, 'Lock', [30], PAID),
          backend(30, 'Client', [], PAID),
        ],
      ],
      undefined,
    );
    expect(summary.elsewhere.byTable).toEqual({
      order_category_sales: 2,
      order_product_sales: 1,
      '(transactionid)': 1,
    });
    expect(summary.elsewhere.mostAtOnce).toBe(2);
  });
});

describe('openLoopWindow', () => {
  it('counts completions in the window and times the arrivals in it from their arrival', () => {
    const run = {
      flows: [
        { due: 900, end: 1010, ok: true }, // arrived before: completes in the window, not timed in it
        { due: 1000, end: 1050, ok: true },
        { due: 1500, end: 1700, ok: true },
        { due: 1900, end: 2300, ok: true }, // arrived in the window, completes after it
        { due: 1950, end: 1990, ok: false },
      ],
    };
    const w = openLoopWindow(run, 1000, 2000, 4);
    expect(w).toMatchObject({ seconds: 1, arrived: 4, completedPerSec: 3, keptPct: 75, errors: 1 });
    expect(w.p50Ms).toBe(200);
    expect(w.p99Ms).toBe(400);
  });
});
