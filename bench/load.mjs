// One autocannon target: a warm-up, then the measured run while sampling the server's RSS. See
// bench/phases.md ("Setup").

import os from 'node:os';
import autocannon from 'autocannon';
import { log, sampleRss } from './processes.mjs';

/**
 * Why a target's figures measure nothing, or undefined: answers came back, but not one was a 2xx (the
 * latency of error answers says nothing about the target). No answer at all is a measured "too slow".
 */
export function noValidAnswer(r) {
  if (r.requests === 0 || r.answers2xx > 0) return undefined;
  return `no 2xx answer among ${r.requests} (${Object.entries(r.statusCounts)
    .map(([code, n]) => `${n} x ${code}`)
    .join(', ')})${r.firstProblems?.length ? `: ${r.firstProblems[0]}` : ''}`;
}

/** Every request answered 2xx, without connection errors or timeouts. */
export const clean = (r) => r.requests > 0 && r.errors + r.timeouts === 0 && r.non2xx === 0;

/** A function returning the paths in turn, forever. */
export function rotate(paths, start = 0) {
  let i = start;
  return () => paths[i++ % paths.length];
}

/**
 * Runs autocannon against one target: a warm-up (discarded), then the measured run. A target either
 * rotates GET paths (`nextPath`, optional `headers`) or gives each connection its own request
 * sequence (`flow(i)` for connection i, e.g. one signed-in shopper's cart flow); a flow's figures
 * count its completed requests, so flows/s = requests / steps / seconds. `beforePhase` runs before the
 * warm-up and before the measured run (e.g. emptying the carts).
 */
export async function measure(target, { duration, warmup, connections }) {
  const problems = [];
  const noteProblem = (req) => (status, body) => {
    if (status >= 200 && status < 300) return;
    if (problems.length < 5) problems.push(`${req.method} ${req.path} -> ${status} ${body.slice(0, 300)}`);
  };
  const options = (seconds) => {
    const base = { url: target.baseUrl, connections, duration: seconds, timeout: 10 };
    if (!target.flow) {
      const request = {
        method: 'GET',
        // The context lives for one request here (a sequence of one): it names the path answered.
        setupRequest: (req, context) => {
          context.path = target.nextPath();
          return { ...req, path: context.path };
        },
        onResponse: (status, body, context) =>
          noteProblem({ method: 'GET', path: context.path })(status, body),
      };
      if (target.headers) request.headers = target.headers;
      return { ...base, requests: [request] };
    }
    let next = 0;
    return {
      ...base,
      // Each connection gets its own copy of its sequence (autocannon keeps state on the objects).
      setupClient: (client) =>
        client.setRequests(target.flow(next++).map((req) => ({ ...req, onResponse: noteProblem(req) }))),
    };
  };
  if (warmup > 0) {
    await target.beforePhase?.();
    await autocannon(options(warmup));
  }
  await target.beforePhase?.();

  const rss = sampleRss([target.pid]);
  // Other work on the machine shows in every figure: keep the 1-minute load average with them.
  const loadBefore = os.loadavg()[0];
  let result;
  try {
    result = await autocannon(options(duration));
  } finally {
    rss.stop();
  }
  for (const p of problems) log(`${target.name}: ${p}`);
  const steps = target.flow ? target.flow(0).length : 1;
  const statusCounts = Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, { count }]) => [code, count]),
  );
  return {
    name: target.name,
    path: target.label,
    requests: result.requests.total,
    reqPerSec: result.requests.mean,
    measuredSeconds: result.duration,
    ...(target.flow && {
      stepsPerFlow: steps,
      flows: result.requests.total / steps,
      flowsPerSec: result.requests.total / steps / result.duration,
    }),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    latencyMaxMs: result.latency.max,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    statusCounts,
    answers2xx: Object.entries(statusCounts).reduce(
      (n, [code, count]) => n + (code.startsWith('2') ? count : 0),
      0,
    ),
    throughputBytesPerSec: result.throughput.mean,
    peakRssBytes: rss.peak(target.pid),
    loadAverage1m: [loadBefore, os.loadavg()[0]].map((n) => Math.round(n * 100) / 100),
    ...(problems.length && { firstProblems: problems }),
  };
}
