// Command-line options of the bench scripts, and the settings and targets of `npm run bench`.

import { parseArgs as parseNodeArgs } from 'node:util';

/**
 * `--name value` or `--name=value` for each key of `defaults`; a boolean flag may stand alone. A
 * number must be finite and >= 0; any other value is kept as text. Throws on an unknown argument.
 */
export function parseFlags(argv, defaults) {
  const args = { ...defaults };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split('=', 2);
    const key = flag.replace(/^--/, '');
    if (!(key in args) || !flag.startsWith('--')) throw new Error(`unknown argument: ${argv[i]}`);
    if (typeof args[key] === 'boolean') {
      args[key] = inline === undefined ? true : inline === 'true';
      continue;
    }
    const raw = inline ?? argv[++i];
    if (typeof defaults[key] !== 'number') {
      args[key] = raw;
      continue;
    }
    const value = Number(raw);
    if (!Number.isFinite(value) || value < 0) throw new Error(`bad value for ${flag}`);
    args[key] = value;
  }
  return args;
}

/** The roles' environment for A and B: ROLE=web with --split-roles, the default (all) otherwise. */
export const webRoleEnv = (args) => (args['split-roles'] ? { ROLE: 'web' } : {});

/** The options of `npm run bench` (see the usage in bench/run.mjs), and a script's `extra` ones. */
export function parseArgs(argv, extra = {}) {
  const args = parseFlags(argv, {
    duration: 15,
    warmup: 3,
    connections: 10,
    products: 200,
    variants: 3,
    mixed: 300,
    'big-products': 100_000,
    'big-orders': 100_000,
    // The flash sale: guests checking out one variant of `flash-units` units, `flash-concurrency` at a time.
    'flash-shoppers': 2_000,
    'flash-units': 100,
    'flash-concurrency': 200,
    'skip-lighthouse': false,
    // No mixed load through Varnish (phase 3c); it also runs for --mixed seconds.
    'skip-varnish': false,
    // A and B serve HTTP only (ROLE=web) and a third process runs the jobs (ROLE=worker).
    'split-roles': false,
    ...extra,
  });
  if (args.duration < 1 || args.connections < 1 || args.products < 1) throw new Error('values must be >= 1');
  return args;
}

// Stock of each variant the cart and checkout flows use: more than any run can take.
export const STOCK_PER_VARIANT = 1_000_000;
// Variants the mixed load's checkouts sell out, and their stock.
export const SMALL_STOCK_VARIANTS = 5;
export const SMALL_STOCK = 20;
export const FRESHNESS_SAMPLES = 5;
export const STARTUP_RUNS = 5;
export const ADMIN = { email: 'bench-admin@example.com', password: 'bench-password-1' };

/** The performance targets the report's rows are judged against. */
export const TARGETS = {
  listShare: 15,
  listP99Ms: 10,
  htmlShare: 10,
  cartFlowsPerSec: 1000,
  checkoutPerSec: 200,
  rssBytes: 200 * 1024 * 1024,
  startupMs: 1500,
  freshnessMs: 1000,
};

/** The autocannon settings of each load target. */
export const loadSettings = (args) => ({
  duration: args.duration,
  warmup: args.warmup,
  connections: args.connections,
});

/** The time limit of a phase that measures `targets` load targets. */
export const loadMs = (args, targets) => targets * (args.duration + args.warmup + 60) * 1000;

/**
 * The options of the scripts that measure some rows of the big phase on a database that already holds
 * the big catalog and order history (bench/search-rows.mjs, bench/report-rows.mjs): `--url` (required),
 * `--duration`, `--warmup`, `--connections`, and the script's own `options` (node:util parseArgs).
 */
export function existingDatabaseArgs(options = {}) {
  const { values } = parseNodeArgs({
    options: {
      url: { type: 'string' },
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '3' },
      connections: { type: 'string', default: '10' },
      ...options,
    },
  });
  if (!values.url) throw new Error('--url is required (a database that holds the big catalog and orders)');
  const load = {
    duration: Number(values.duration),
    warmup: Number(values.warmup),
    connections: Number(values.connections),
  };
  return { values, url: values.url, load };
}
