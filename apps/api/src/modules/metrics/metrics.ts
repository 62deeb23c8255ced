import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { ReadEvents } from '../../db/read-replicas.ts';

/**
 * The process's Prometheus metrics (decision 0031): HTTP requests by route and status with their
 * latency, the read caches' hits, checkout outcomes, and, read when scraped, the database's connections
 * and the job queue's depth. One registry per app, so several apps in one test process stay apart.
 */
export interface Metrics {
  registry: Registry;
  /** A read cache answered from memory (`hit`) or had to render (`miss`). */
  cacheLookup(cache: string, hit: boolean): void;
  /** How a checkout step ended: `session_created`, `paid`, or the error code that refused it. */
  checkoutOutcome(outcome: string): void;
  /** Where catalog and storefront reads went (a replica or the primary), and replicas that failed. */
  catalogReads: ReadEvents;
}

/** What the scrape reads from the database; each returns rows, or throws (then that gauge is left empty). */
export interface ScrapeSources {
  /** The most connections this process's pool opens (DATABASE_POOL_SIZE). */
  poolSize: number;
  connections(): Promise<Array<{ state: string; n: number }>>;
  jobs(): Promise<Array<{ name: string; state: string; n: number }>>;
}

/** A source that cannot be read (the database is down) leaves its gauge empty rather than failing the scrape. */
async function readOrNone<T>(read: () => Promise<T[]>): Promise<T[]> {
  try {
    return await read();
  } catch {
    return [];
  }
}

/** Buckets for request latency, in seconds: from a cached read to a slow report. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export function createMetrics(sources: ScrapeSources): Metrics {
  const registry = new Registry();
  registry.setDefaultLabels({ app: 'cartwheel' });
  collectDefaultMetrics({ register: registry, prefix: 'cartwheel_' });

  const cache = new Counter({
    name: 'cartwheel_cache_lookups_total',
    help: 'Read cache lookups by cache and result (hit: answered from memory, miss: rendered).',
    labelNames: ['cache', 'result'] as const,
    registers: [registry],
  });
  const checkout = new Counter({
    name: 'cartwheel_checkout_outcomes_total',
    help: 'Checkout steps by outcome: session_created, paid, or the error code that refused one.',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const reads = new Counter({
    name: 'cartwheel_catalog_reads_total',
    help: 'Catalog and storefront database reads by target: replica, or primary (none configured or caught up).',
    labelNames: ['target'] as const,
    registers: [registry],
  });
  const replicaFailures = new Counter({
    name: 'cartwheel_read_replica_failures_total',
    help: 'Read replicas that failed a read (refused, timed out, recovery conflict): the read went elsewhere and the replica was set aside.',
    registers: [registry],
  });
  new Gauge({
    name: 'cartwheel_db_pool_size',
    help: "The most connections this process's pool opens to the primary (DATABASE_POOL_SIZE).",
    registers: [registry],
  }).set(sources.poolSize);
  new Gauge({
    name: 'cartwheel_db_connections',
    help: "This process's connections to the primary by state (active, idle, idle in transaction): its pool in use.",
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await readOrNone(sources.connections)) this.set({ state: row.state }, Number(row.n));
    },
  });
  new Gauge({
    name: 'cartwheel_jobs',
    help: 'Jobs in the durable queue by queue and state (created and retry are waiting; failed are dead).',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const row of await readOrNone(sources.jobs)) {
        this.set({ queue: row.name, state: row.state }, Number(row.n));
      }
    },
  });

  return {
    registry,
    cacheLookup: (name, hit) => cache.inc({ cache: name, result: hit ? 'hit' : 'miss' }),
    checkoutOutcome: (outcome) => checkout.inc({ outcome }),
    catalogReads: {
      picked: (target) => reads.inc({ target }),
      replicaFailed: () => replicaFailures.inc(),
    },
  };
}

/**
 * Counts every answered request by method, route template (never the raw URL: ids would make a series
 * each) and status, with its latency. Requests no route matched count under route "unmatched".
 */
export function recordRequests(app: FastifyInstance, metrics: Metrics): void {
  const requests = new Counter({
    name: 'cartwheel_http_requests_total',
    help: 'HTTP requests answered, by method, route template and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [metrics.registry],
  });
  const latency = new Histogram({
    name: 'cartwheel_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route template.',
    labelNames: ['method', 'route'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [metrics.registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const method = request.method;
    // Literals, not `{ ...labels, status }`: on Node 20 a spread plus a new key is allocated in the
    // old generation, garbage for a major collection on every request (decision 0099).
    requests.inc({ method, route, status: String(reply.statusCode) });
    latency.observe({ method, route }, reply.elapsedTime / 1000);
    done();
  });
}
