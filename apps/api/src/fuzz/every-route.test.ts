import { afterAll, beforeAll, expect, it } from 'vitest';
import { type FuzzTarget, fuzzEveryRoute, openFuzzTarget } from './fuzz-target.ts';

// A fixed seed and a bounded count in `npm test`; `npm run fuzz` (scripts/fuzz.mjs) sets both higher.
const seed = Number(process.env.FUZZ_SEED ?? 20_261_123);
const runs = Number(process.env.FUZZ_RUNS ?? 1_000);
const budgetMs = Number(process.env.FUZZ_TIMEOUT_MS ?? 180_000);

let target: FuzzTarget;

beforeAll(async () => {
  target = await openFuzzTarget();
});
afterAll(async () => target?.close());

it(
  `every route, every role: ${runs} hostile requests (seed ${seed}) answer 4xx or 2xx, leak nothing, write nothing when refused`,
  async () => {
    console.info(`fuzz: seed ${seed}, ${runs} requests, ${target.routes.length} routes`);
    const report = await fuzzEveryRoute(target, { runs, seed });
    console.info(`fuzz: ${report.requests} requests; by status ${JSON.stringify(report.byStatus)}`);
    if (process.env.FUZZ_REPORT === 'routes') {
      for (const [route, statuses] of Object.entries(report.byRoute)) {
        console.info(`fuzz: ${route} ${JSON.stringify(statuses)}`);
      }
    }
    expect(report.requests).toBe(runs);
    // Every route was reached at least once: a route that was not fuzzed is not defended.
    const missed = target.routes.map((r) => `${r.method} ${r.path}`).filter((key) => !report.byRoute[key]);
    expect(missed).toEqual([]);
  },
  budgetMs,
);
