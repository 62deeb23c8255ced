import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['apps/*/src/**/*.test.ts', 'packages/*/src/**/*.test.ts', 'scripts/**/*.test.ts'],
    globalSetup: ['apps/api/test/global-setup.ts'],
    pool: 'forks',
    hookTimeout: 120_000,
    testTimeout: 30_000,
  },
});
