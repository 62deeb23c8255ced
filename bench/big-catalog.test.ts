import { describe, expect, it } from 'vitest';
import { bigCatalogRows } from './big-catalog.mjs';

const measured = (p50: number, extra: object = {}) => ({
  requests: 100,
  answers2xx: 100,
  statusCounts: { 200: 100 },
  errors: 0,
  timeouts: 0,
  non2xx: 0,
  reqPerSec: 10,
  measuredSeconds: 10,
  latencyP50Ms: p50,
  latencyP99Ms: p50 * 2,
  ...extra,
});

const report = (alone: number, atOnce: number, extra: object = {}) => ({
  ...measured(atOnce, extra),
  key: 'big_analytics_year',
  screen: 'analytics',
  rowLabel: 'last 12 months',
  paidOrdersInRange: 90_000,
  connections: 10,
  alone: { ...measured(alone), probeMs: alone },
});

const rowsFor = (...reports: object[]) =>
  bigCatalogRows({ results: [], explain: { available: true, plans: [] }, reports }, 100_000, 100_000);

describe('the report screens rows', () => {
  it('judge a screen by its answer one request at a time and show the figure at 10 connections beside it', () => {
    const [fast, slow] = rowsFor(report(150, 600), { ...report(250, 700), key: 'big_analytics' });
    expect(fast).toMatchObject({ met: true });
    expect(fast.figure).toContain('alone: p50 150 ms');
    expect(fast.figure).toContain('10 at once: p50 600 ms');
    expect(slow).toMatchObject({ met: false });
  });

  it('are not met when the requests at once failed, however fast alone', () => {
    const [row] = rowsFor(report(100, 900, { timeouts: 3 }));
    expect(row).toMatchObject({ met: false });
  });
});
