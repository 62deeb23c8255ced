#!/usr/bin/env node
// `npm run fuzz`: the fuzz test of every API route and role (apps/api/src/fuzz/), run long.
//   FUZZ_RUNS=20000   how many generated requests (default 20,000; `npm test` sends far fewer)
//   FUZZ_SEED=1234    replays a run; without it a new seed is drawn and printed
//   FUZZ_REPORT=routes  also prints the statuses per route
//   FUZZ_LOG=error    shows the server's log (and so the stack) of a 5xx
//   FUZZ_SKIP="POST /api/x"  leaves routes out (comma-separated), to look past a known failure
// Exits non-zero on any failure, after fast-check has shrunk it to a small counterexample (printed
// with the seed and path that replay it).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const seed = process.env.FUZZ_SEED ?? String(Math.floor(Math.random() * 2 ** 31));
const runs = process.env.FUZZ_RUNS ?? '20000';
console.log(
  `fuzz: seed ${seed}, ${runs} requests (replay with FUZZ_SEED=${seed} FUZZ_RUNS=${runs} npm run fuzz)`,
);

const child = spawn('npx', ['vitest', 'run', 'apps/api/src/fuzz/every-route.test.ts'], {
  cwd: root,
  stdio: 'inherit',
  // About 20 ms a request on the embedded database; the budget leaves room for shrinking a failure.
  env: {
    ...process.env,
    FUZZ_SEED: seed,
    FUZZ_RUNS: runs,
    FUZZ_TIMEOUT_MS: String(Number(runs) * 200 + 600_000),
  },
});
child.on('exit', (code, signal) => {
  if (code !== 0)
    console.error(
      `fuzz: FAILED (seed ${seed}); replay with FUZZ_SEED=${seed} FUZZ_RUNS=${runs} npm run fuzz`,
    );
  process.exit(code ?? (signal ? 1 : 0));
});
