// Freshness across server processes: a back-office change made through one process (A) must show in
// the storefront reads of every process on the same database (A and B) within 1 s. See
// bench/phases.md ("2. Freshness across two processes").
//
// Per sample: both processes read the product until they show its current state (so any read cache
// is warm), then PATCH /api/admin/products/:id goes to A and both processes are polled with
// GET /api/products/:slug every ~10 ms until the change shows (a hidden product answers 404). The
// latency counts from the moment the PATCH is sent, so it includes the write itself. A change not seen
// within 5 s is a failed sample (latency null), not a crash.

import { TARGETS } from './options.mjs';
import { sleep } from './processes.mjs';
import { failedRow, fmtMs, percentile, row } from './report.mjs';

const POLL_MS = 10;
const SAMPLE_TIMEOUT_MS = 5000;

async function readProduct(baseUrl, slug) {
  const res = await fetch(`${baseUrl}/api/products/${encodeURIComponent(slug)}`, {
    signal: AbortSignal.timeout(SAMPLE_TIMEOUT_MS),
  });
  const text = await res.text();
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: res.status, body, text };
}

/**
 * Polls `server` until `shows(read)` is true; resolves to { ms, polls, unexpected } where ms is null
 * after the timeout. `unexpected` lists answers that were neither 200 nor 404.
 */
async function pollUntil(server, slug, shows, startedAt, timeoutMs = SAMPLE_TIMEOUT_MS) {
  const unexpected = [];
  let polls = 0;
  while (performance.now() - startedAt < timeoutMs) {
    const pollStart = performance.now();
    polls++;
    try {
      const read = await readProduct(server.baseUrl, slug);
      if (read.status !== 200 && read.status !== 404 && unexpected.length < 3) {
        unexpected.push(`${read.status} ${read.text.slice(0, 200)}`);
      }
      if (shows(read)) return { ms: performance.now() - startedAt, polls, unexpected };
    } catch (err) {
      if (unexpected.length < 3) unexpected.push(err.message);
    }
    const wait = POLL_MS - (performance.now() - pollStart);
    if (wait > 0) await sleep(wait);
  }
  return { ms: null, polls, unexpected };
}

async function patchProduct(server, cookie, productId, body, path = '') {
  const res = await fetch(`${server.baseUrl}/api/admin/products/${productId}${path}`, {
    method: 'PATCH',
    headers: { cookie, 'content-type': 'application/json', origin: server.baseUrl },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  if (!res.ok)
    throw new Error(
      `PATCH /api/admin/products/${productId}${path} answered ${res.status}: ${text.slice(0, 300)}`,
    );
}

/** What each kind of change writes and how a storefront read shows it. */
function changeOf(kind, original, i) {
  if (kind === 'price') {
    // Never the original price, and different from the previous sample's.
    const price = original.price + 100 * (i + 1);
    return {
      body: { price },
      shows: (r) => r.status === 200 && r.body?.price === price,
      state: `price ${price}`,
    };
  }
  if (kind === 'stock' && original.variant) {
    // A product with variants has their summed stock (decision 0024): change one variant's.
    const { id, inventory_level } = original.variant;
    const level = inventory_level + 1000 + i;
    return {
      body: { inventory_level: level },
      path: `/variants/${id}`,
      shows: (r) => r.status === 200 && r.body?.variants?.find((v) => v.id === id)?.inventory_level === level,
      state: `variant inventory_level ${level}`,
    };
  }
  if (kind === 'stock') {
    const level = original.inventory_level + 1000 + i;
    return {
      body: { inventory_level: level },
      shows: (r) => r.status === 200 && r.body?.inventory_level === level,
      state: `inventory_level ${level}`,
    };
  }
  // visibility: hide on even samples, show again on odd ones.
  const visible = i % 2 === 1;
  return {
    body: { is_visible: visible },
    shows: (r) => (visible ? r.status === 200 : r.status === 404),
    state: visible ? 'visible' : 'hidden',
  };
}

/**
 * Runs `samples` changes of each kind (price, stock, visibility) through `writer` (process A) and
 * times when each of `readers` shows them. `product` is { id, slug, price, inventory_level, variant? } as the
 * storefront read it; it is restored (price, stock, visible) at the end.
 * Returns { kinds: { price: { samples: [...], p50Ms, maxMs, failed }, ... }, all: {...} }.
 */
export async function measureFreshness({
  writer,
  readers,
  adminCookie,
  product,
  samples = 5,
  log = () => {},
}) {
  const kinds = {};
  let current = (r) => r.status === 200 && r.body?.price === product.price;
  try {
    for (const kind of ['price', 'stock', 'visibility']) {
      const list = [];
      for (let i = 0; i < samples; i++) {
        // Warm: every process reads the product's current state (at most 5 s) before the change.
        for (const reader of readers) {
          const warm = await pollUntil(reader, product.slug, current, performance.now());
          if (warm.ms === null)
            log(`freshness: ${reader.name} did not show the previous state before ${kind} ${i + 1}`);
        }
        const change = changeOf(kind, product, i);
        const startedAt = performance.now();
        // Settled to a value at once, so a refused write is not an unhandled rejection while polling.
        const patched = patchProduct(writer, adminCookie, product.id, change.body, change.path).then(
          () => null,
          (err) => err,
        );
        // Poll while the write is in flight: the new value cannot show before its commit.
        const seen = await Promise.all(
          readers.map((r) => pollUntil(r, product.slug, change.shows, startedAt)),
        );
        const refused = await patched;
        if (refused) throw refused;
        const sample = {
          kind,
          change: change.state,
          perProcess: readers.map((r, j) => ({
            server: r.name,
            ms: seen[j].ms === null ? null : Math.round(seen[j].ms * 10) / 10,
            polls: seen[j].polls,
            ...(seen[j].unexpected.length && { unexpected: seen[j].unexpected }),
          })),
        };
        list.push(sample);
        log(
          `freshness ${kind} ${i + 1}/${samples} (${change.state}): ${sample.perProcess
            .map((p) => `${p.server} ${p.ms === null ? 'not seen in 5 s' : `${p.ms} ms`}`)
            .join(', ')}`,
        );
        current = change.shows;
      }
      kinds[kind] = summarize(list);
    }
  } finally {
    // Back to the product as it was, whatever happened.
    const { variant } = product;
    await patchProduct(writer, adminCookie, product.id, {
      price: product.price,
      ...(variant ? {} : { inventory_level: product.inventory_level }),
      is_visible: true,
    }).catch((err) => log(`freshness: could not restore the product: ${err.message}`));
    if (variant) {
      await patchProduct(
        writer,
        adminCookie,
        product.id,
        { inventory_level: variant.inventory_level },
        `/variants/${variant.id}`,
      ).catch((err) => log(`freshness: could not restore the variant: ${err.message}`));
    }
  }
  const all = summarize(Object.values(kinds).flatMap((k) => k.samples));
  return { product: product.slug, samplesPerKind: samples, timeoutMs: SAMPLE_TIMEOUT_MS, kinds, all };
}

function summarize(samples) {
  const latencies = samples.flatMap((s) => s.perProcess.map((p) => p.ms));
  const seen = latencies.filter((ms) => ms !== null);
  const byServer = {};
  for (const s of samples) {
    for (const p of s.perProcess) {
      byServer[p.server] ??= { maxMs: 0, failed: 0 };
      const entry = byServer[p.server];
      if (p.ms === null) entry.failed++;
      else entry.maxMs = Math.max(entry.maxMs, p.ms);
    }
  }
  return {
    samples,
    reads: latencies.length,
    failed: latencies.length - seen.length,
    p50Ms: percentile(seen, 50),
    maxMs: seen.length ? Math.max(...seen) : undefined,
    byServer,
  };
}

/** The report's rows of the freshness phase: one per kind of change. */
export function freshnessRows(fresh) {
  const target = `<= ${TARGETS.freshnessMs / 1000} s on every process`;
  const kinds = ['price', 'stock', 'visibility'];
  const label = (k) => `back-office ${k} change seen by A and B`;
  if (fresh.error) return kinds.map((k) => failedRow(`freshness_${k}`, label(k), target, fresh.error));
  return kinds.map((k) => {
    const f = fresh.value.kinds[k];
    const servers = Object.entries(f.byServer)
      .map(([name, s]) => `${name.replace('server ', '')} max ${fmtMs(s.maxMs)}`)
      .join(', ');
    return row(`freshness_${k}`, label(k), target, {
      figure: `p50 ${fmtMs(f.p50Ms)} ms, max ${fmtMs(f.maxMs)} ms (${servers}; ${f.reads} reads, ${f.failed} not seen in 5 s)`,
      met: f.failed === 0 && f.maxMs <= TARGETS.freshnessMs,
    });
  });
}
