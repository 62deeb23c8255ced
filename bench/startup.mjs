// Start-up to healthy on a migrated database: spawn `node apps/api/dist/main.js` with the environment
// of a server that ran before (same database, port and settings), time until GET /api/health first
// answers 200, stop it, and again. See bench/README.md.

import { TARGETS } from './options.mjs';
import { isRunning, sleep, spawnServer, stopChild } from './processes.mjs';
import { failedRow, percentile, row } from './report.mjs';

const HEALTH_TIMEOUT_MS = 30_000;

/** Polls /api/health every few ms; resolves to the ms from `startedAt` to the first 200. */
async function timeToHealthy(server, startedAt) {
  const deadline = startedAt + HEALTH_TIMEOUT_MS;
  while (performance.now() < deadline) {
    if (!isRunning(server.child)) {
      throw new Error(
        `the server exited (${server.child.exitCode ?? server.child.signalCode}) during start-up:\n${server.output()}`,
      );
    }
    try {
      const res = await fetch(`${server.baseUrl}/api/health`, { signal: AbortSignal.timeout(1000) });
      await res.arrayBuffer();
      if (res.status === 200) return performance.now() - startedAt;
    } catch {
      // not listening yet: connection refused comes back at once
    }
    await sleep(5);
  }
  throw new Error(`the server did not answer /api/health within ${HEALTH_TIMEOUT_MS / 1000} s`);
}

/**
 * Starts the server `runs` times with `env` (each after the previous one stopped) and returns
 * { samplesMs, medianMs, maxMs, server }: the last process is left running and returned.
 */
export async function measureStartup(env, { runs = 5, log = () => {} } = {}) {
  const samplesMs = [];
  let server;
  for (let i = 1; i <= runs; i++) {
    const startedAt = performance.now();
    server = spawnServer(env, `server A (start ${i})`);
    try {
      samplesMs.push(await timeToHealthy(server, startedAt));
    } catch (err) {
      await stopChild(server.child);
      throw err;
    }
    log(`start-up ${i}/${runs}: ${samplesMs.at(-1).toFixed(0)} ms`);
    if (i < runs) {
      await stopChild(server.child);
      // Let the port and PostgreSQL's backends go before the next start.
      await sleep(300);
    }
  }
  server.name = 'server A';
  return { samplesMs, medianMs: percentile(samplesMs, 50), maxMs: Math.max(...samplesMs), server };
}

/** The report's row of the start-up phase. */
export function startupRow(startup) {
  const label = 'start-up to healthy, migrated database';
  const target = `<= ${TARGETS.startupMs / 1000} s`;
  if (startup.error) return failedRow('startup', label, target, startup.error);
  const s = startup.value;
  return row('startup', label, target, {
    figure: `median ${(s.medianMs / 1000).toFixed(2)} s, max ${(s.maxMs / 1000).toFixed(2)} s (${s.samplesMs.length} starts)`,
    met: s.maxMs <= TARGETS.startupMs,
  });
}
