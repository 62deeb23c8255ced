import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * Files that change or count state the whole process shares (OpenTelemetry's global provider and
 * context manager, Better Auth's stores, the count of prepared statement texts): each runs in a fresh
 * process of its own.
 */
const OWN_PROCESS = [
  'apps/api/src/modules/metrics/tracing.test.ts',
  'apps/api/src/modules/accounts/auth-calls.test.ts',
  'apps/api/src/db/query-recurring.test.ts',
];

const ALL = [
  'apps/*/src/**/*.test.ts',
  'packages/*/src/**/*.test.ts',
  'scripts/**/*.test.ts',
  'bench/**/*.test.ts',
];

/**
 * What both projects share. Global setup and `maxWorkers` stay at the root: set in a project, the
 * template is built once per project and `--maxWorkers` on the command line is ignored.
 */
const shared = {
  pool: 'forks',
  hookTimeout: 120_000,
  // A guard against hangs, not a speed limit: with a fork per core each file runs up to twice as
  // slowly as alone, and a shared machine adds to that.
  testTimeout: 60_000,
} as const;

export default defineConfig({
  test: {
    globalSetup: ['apps/api/test/global-setup.ts'],
    // Every test file has a database of its own (apps/api/test/test-app.ts), so files run side by side.
    // Vitest's default is one fork fewer than the cores: a single fork on a 2-core CI machine, which
    // left a core idle while each file waited on its database.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        // A fork runs file after file with the modules it has loaded (Fastify, Better Auth, Drizzle,
        // PGlite's compiled WebAssembly): a fresh process per file spent more on loading them than
        // many files spend on their tests. Each file still has its own database and app.
        test: {
          ...shared,
          name: 'shared',
          include: ALL,
          exclude: [...configDefaults.exclude, ...OWN_PROCESS],
          isolate: false,
        },
      },
      { test: { ...shared, name: 'own-process', include: OWN_PROCESS } },
    ],
  },
});
