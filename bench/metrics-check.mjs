// After the load phases of `npm run bench`: GET /metrics of a web process and of the worker with the
// bench's token (docs/decisions/0031-metrics-and-health.md), and which of the series families a
// monitoring stack needs carry samples. The raw text goes to bench/results/latest-metrics.txt.

import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { BENCH_METRICS_TOKEN } from './processes.mjs';
import { row } from './report.mjs';

/**
 * The families the check looks for. `worker: false`: a worker answers no catalog reads and opens no
 * checkouts, so these have no samples there.
 */
export const METRIC_FAMILIES = [
  { name: 'cartwheel_http_requests_total', what: 'requests by route and status', worker: true },
  { name: 'cartwheel_http_request_duration_seconds', what: 'latency histogram', worker: true },
  { name: 'cartwheel_db_connections', what: 'database connections by state', worker: true },
  { name: 'cartwheel_cache_lookups_total', what: 'read cache hits and misses', worker: false },
  { name: 'cartwheel_jobs', what: 'job queue depth and failures', worker: true },
  { name: 'cartwheel_checkout_outcomes_total', what: 'checkout outcomes', worker: false },
];

const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;
const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(\{.*\})?\s+(\S+)/;

/**
 * Prometheus's text format -> Map of family name -> { type, samples: [{ name, labels, value }] }.
 * A family is what a `# TYPE` line names; a histogram's `_bucket`, `_sum` and `_count` samples belong
 * to it. Samples of no declared family are left out.
 */
export function parseMetrics(text) {
  const families = new Map();
  for (const line of text.split('\n')) {
    if (line.startsWith('# TYPE ')) {
      const [, , name, type] = line.split(' ');
      families.set(name, { type, samples: [] });
      continue;
    }
    const sample = SAMPLE.exec(line);
    if (!sample || line.startsWith('#')) continue;
    const [, name, labelText, value] = sample;
    const family = families.get(name) ?? families.get(name.replace(/_(bucket|sum|count)$/, ''));
    if (!family) continue;
    const labels = Object.fromEntries([...(labelText ?? '').matchAll(LABEL)].map((m) => [m[1], m[2]]));
    family.samples.push({ name, labels, value: Number(value) });
  }
  return families;
}

/**
 * Each family of METRIC_FAMILIES in `text`: present (declared), its sample count, and whether a sample
 * is above zero; `expected` is false for the families a worker has no samples of.
 */
export function checkFamilies(text, role) {
  const families = parseMetrics(text);
  return METRIC_FAMILIES.map((f) => {
    const samples = families.get(f.name)?.samples ?? [];
    return {
      name: f.name,
      what: f.what,
      expected: role !== 'worker' || f.worker,
      present: families.has(f.name),
      samples: samples.length,
      nonZero: samples.some((s) => s.value > 0),
    };
  });
}

/** Jobs waiting (created or retry) and failed, summed over every queue, from `cartwheel_jobs`. */
export function jobFigures(text) {
  const samples = parseMetrics(text).get('cartwheel_jobs')?.samples ?? [];
  const sum = (states) =>
    samples.filter((s) => states.includes(s.labels.state)).reduce((n, s) => n + s.value, 0);
  return { waiting: sum(['created', 'retry']), failed: sum(['failed']) };
}

/**
 * GET /metrics of `server` with the bench's token, and once without it (it must answer 401): the
 * status, the families found and the text.
 */
export async function scrapeMetrics(server, role) {
  const url = `${server.baseUrl}/metrics`;
  const res = await fetch(url, {
    headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` },
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  const anonymous = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  await anonymous.arrayBuffer();
  return {
    server: server.name,
    role,
    status: res.status,
    statusWithoutToken: anonymous.status,
    text: res.ok ? text : undefined,
    error: res.ok ? undefined : `${res.status} ${text.slice(0, 200)}`,
    families: res.ok ? checkFamilies(text, role) : [],
    jobs: res.ok ? jobFigures(text) : undefined,
  };
}

/** Writes the scraped texts to `file` and returns the scrapes without them (for the JSON report). */
export function keepRawText(scrapes, file) {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(
    file,
    scrapes
      .map((s) => `# --- ${s.server} (${s.role}): GET /metrics -> ${s.status}\n${s.text ?? ''}`)
      .join('\n'),
  );
  return scrapes.map(({ text, ...rest }) => rest);
}

/**
 * The server's own memory figures from GET /metrics (prom-client's process and Node.js series): what
 * part of the RSS is the JavaScript heap, buffers outside it, or neither (native allocations).
 */
export async function memoryOf(server) {
  const res = await fetch(`${server.baseUrl}/metrics`, {
    headers: { authorization: `Bearer ${BENCH_METRICS_TOKEN}` },
    signal: AbortSignal.timeout(10_000),
  });
  if (!res.ok) return undefined;
  const families = parseMetrics(await res.text());
  const value = (name) => families.get(`cartwheel_${name}`)?.samples[0]?.value;
  return {
    rssBytes: value('process_resident_memory_bytes'),
    heapUsedBytes: value('nodejs_heap_size_used_bytes'),
    heapTotalBytes: value('nodejs_heap_size_total_bytes'),
    externalBytes: value('nodejs_external_memory_bytes'),
  };
}

const short = (name) => name.replace(/^cartwheel_/, '');

export const METRICS_LABEL = 'GET /metrics with the token after the load: series families with samples';
export const METRICS_TARGET = 'every family (a worker: its 4), 401 without the token';

/** The report's row: per process, the families with samples out of those expected. */
export function metricsRow(scrapes) {
  const hasWorker = scrapes.some((s) => s.role === 'worker');
  const parts = scrapes.map((s) => {
    if (s.error) return `${s.server}: ${s.error}`;
    const expected = s.families.filter((f) => f.expected);
    const missing = expected.filter((f) => !f.nonZero).map((f) => short(f.name));
    const found = `${expected.length - missing.length}/${expected.length}`;
    const open = s.statusWithoutToken === 401 ? '' : `, ${s.statusWithoutToken} without the token`;
    return `${s.server} ${found}${missing.length ? ` (none: ${missing.join(', ')})` : ''}${open}`;
  });
  const jobs = scrapes.find((s) => s.jobs)?.jobs;
  if (jobs) parts.push(`jobs waiting ${jobs.waiting}, failed ${jobs.failed}`);
  if (!hasWorker) parts.push('no worker in this run');
  const met =
    scrapes.length > 0 &&
    scrapes.every(
      (s) => !s.error && s.statusWithoutToken === 401 && s.families.every((f) => !f.expected || f.nonZero),
    );
  return row('metrics', METRICS_LABEL, METRICS_TARGET, { figure: parts.join('; '), met });
}

/**
 * Scrapes each of `targets` ([{ server, role }]), writes the raw texts to `file` and returns the
 * scrapes without them and the report's row.
 */
export async function checkMetrics(targets, file) {
  const scrapes = [];
  for (const { server, role } of targets) {
    scrapes.push(
      await scrapeMetrics(server, role).catch((err) => ({
        server: server.name,
        role,
        error: err.message,
        families: [],
      })),
    );
  }
  return { scrapes: keepRawText(scrapes, file), row: metricsRow(scrapes) };
}
