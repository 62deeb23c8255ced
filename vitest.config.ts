import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'apps/*/src/**/*.test.ts',
      'packages/*/src/**/*.test.ts',
      'scripts/**/*.test.ts',
      'bench/**/*.test.ts',
    ],
    globalSetup: ['apps/api/test/global-setup.ts'],
    pool: 'forks',
    // Every test file has a database of its own (apps/api/test/test-app.ts), so files run side by side.
    // Vitest's default is one fork fewer than the cores: a single fork on a 2-core CI machine, which
    // left a core idle while each file waited on its database.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    hookTimeout: 120_000,
    // A guard against hangs, not a speed limit: with a fork per core each file runs up to twice as
    // slowly as alone, and a shared machine adds to that.
    testTimeout: 60_000,
  },
});
