// Varnish on loopback in front of web processes, with the VCL of deploy/varnish
// (docs/decisions/0036-shared-http-caching.md), and what its counters say about a run. Used by
// scripts/test-varnish.mjs and by the bench's mixed load through Varnish (bench/mixed-varnish.mjs).

import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '../scripts/pg-cluster.mjs';
import { DEFAULT_VCL, withBackends } from '../scripts/varnish-vcl.mjs';
import { isRunning, sleep, startChild } from './processes.mjs';

export { withBackends };

// Debian installs varnishd in /usr/sbin, which a non-root PATH may lack.
const VARNISHD = existsSync('/usr/sbin/varnishd') ? '/usr/sbin/varnishd' : 'varnishd';
const VARNISHSTAT = existsSync('/usr/bin/varnishstat') ? '/usr/bin/varnishstat' : 'varnishstat';

/** Whether varnishd can be run here (Debian package `varnish`). */
export function varnishInstalled() {
  return spawnSync(VARNISHD, ['-V'], { stdio: 'ignore' }).status === 0;
}

/** The VCL of deploy/varnish with its backends on `ports`. */
export function vclFor(ports) {
  return withBackends(readFileSync(DEFAULT_VCL, 'utf8'), ports);
}

/**
 * Starts varnishd in the foreground on 127.0.0.1:`port` in front of `backendPorts`, its working
 * folder in `dir` (the caller removes it); stopped with the run's other processes. Resolves when
 * Varnish answers `/api/health` through a backend: { url, child, workDir }.
 */
export async function startVarnish(dir, port, backendPorts) {
  const vclPath = join(dir, 'default.vcl');
  writeFileSync(vclPath, vclFor(backendPorts));
  const workDir = join(dir, 'work');
  const adminPort = await freePort();
  const child = startChild(
    VARNISHD,
    [
      '-F',
      '-n',
      workDir,
      '-a',
      `127.0.0.1:${port}`,
      '-T',
      `127.0.0.1:${adminPort}`,
      '-f',
      vclPath,
      '-s',
      'malloc,64m',
      // Root runs it without dropping to the varnish user (the temp folder is ours).
      ...(process.getuid?.() === 0 ? ['-j', 'none'] : []),
    ],
    { stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (!isRunning(child)) throw new Error(`varnishd exited (${child.exitCode ?? child.signalCode})`);
    try {
      await (await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(1000) })).arrayBuffer();
      return { url, child, workDir };
    } catch {
      await sleep(100);
    }
  }
  throw new Error('varnishd did not answer within 10 s');
}

/**
 * The counters of `varnishstat -j` as name -> value (`MAIN.cache_hit` -> 12). Varnish 6.5 and later
 * put them under `counters`; earlier versions list them at the top level beside `timestamp`.
 */
export function parseVarnishStats(text) {
  const data = JSON.parse(text);
  const counters = data.counters ?? data;
  const values = {};
  for (const [name, counter] of Object.entries(counters)) {
    if (counter && typeof counter === 'object' && 'value' in counter) values[name] = Number(counter.value);
  }
  return values;
}

/** The counters of the varnishd whose working folder is `workDir`. */
export function readVarnishStats(workDir) {
  return parseVarnishStats(
    execFileSync(VARNISHSTAT, ['-j', '-n', workDir], { encoding: 'utf8', timeout: 10_000 }),
  );
}

/**
 * What Varnish did between two readings of its counters: client requests, cache hits, misses (looked
 * up, not found or stale), passes (never looked up: a cookie, a write), backend fetches, bans added
 * (one per purge) and the hit ratio of the lookups, hits / (hits + misses); undefined without lookups.
 */
export function cacheActivity(before, after) {
  const delta = (name) => (after[name] ?? 0) - (before[name] ?? 0);
  const hits = delta('MAIN.cache_hit');
  const misses = delta('MAIN.cache_miss');
  return {
    requests: delta('MAIN.client_req'),
    hits,
    misses,
    passes: delta('MAIN.s_pass'),
    backendRequests: delta('MAIN.backend_req'),
    bans: delta('MAIN.bans_added'),
    hitRatio: hits + misses > 0 ? hits / (hits + misses) : undefined,
  };
}
