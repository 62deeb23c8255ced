import { describe, expect, it } from 'vitest';
import { splitAtDays } from './dashboard.service.ts';

const range = (from: string, to: string) => ({ from: new Date(from), to: new Date(to) });
const iso = (r: { from: Date; to: Date } | null) => r && [r.from.toISOString(), r.to.toISOString()];

describe('splitAtDays', () => {
  it('reads the whole UTC days from the rollup and the parts of a day at either end from the orders', () => {
    const split = splitAtDays(range('2026-10-22T22:00:00Z', '2026-11-21T22:00:00Z'));
    expect(iso(split.days)).toEqual(['2026-10-23T00:00:00.000Z', '2026-11-21T00:00:00.000Z']);
    expect(split.orders.map(iso)).toEqual([
      ['2026-10-22T22:00:00.000Z', '2026-10-23T00:00:00.000Z'],
      ['2026-11-21T00:00:00.000Z', '2026-11-21T22:00:00.000Z'],
    ]);
  });

  it('has no part of a day at an end that is a UTC midnight', () => {
    const split = splitAtDays(range('2026-10-01T00:00:00Z', '2026-10-08T00:00:00Z'));
    expect(iso(split.days)).toEqual(['2026-10-01T00:00:00.000Z', '2026-10-08T00:00:00.000Z']);
    expect(split.orders).toEqual([]);
  });

  it('keeps a range without a whole day in it whole, across a midnight too', () => {
    for (const r of [
      range('2026-10-06T06:00:00Z', '2026-10-06T18:00:00Z'),
      range('2026-10-06T18:00:00Z', '2026-10-07T06:00:00Z'),
      range('2026-10-06T00:00:00Z', '2026-10-06T23:59:59Z'),
    ]) {
      const split = splitAtDays(r);
      expect(split.days).toBeNull();
      expect(split.orders.map(iso)).toEqual([iso(r)]);
    }
  });

  it('reads exactly one day from the rollup for a range from midnight to midnight', () => {
    const split = splitAtDays(range('2026-10-06T00:00:00Z', '2026-10-07T00:00:00Z'));
    expect(iso(split.days)).toEqual(['2026-10-06T00:00:00.000Z', '2026-10-07T00:00:00.000Z']);
    expect(split.orders).toEqual([]);
  });
});
