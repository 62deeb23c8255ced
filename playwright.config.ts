import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './scripts/chromium.mjs';

// E2E_PORT lets several runs share a machine; each gets its own scratch database.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${PORT}`;
const AFTER_THE_REST = ['shop-name.spec.ts', 'apps-extensions.spec.ts'];

/**
 * End-to-end tests against the built app (`npm run build` first) in the system Chromium; Playwright
 * downloads no browser. The server runs on a fresh embedded database seeded with the demo shop.
 */
export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: 2,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? CHROMIUM_PATH,
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [
    { name: 'chromium', use: { ...devices['Desktop Chrome'] }, testIgnore: AFTER_THE_REST },
    // Change what the other journeys see (the shop's name, an app's sidebar link for every member):
    // they run once the rest have finished.
    {
      name: 'after-the-rest',
      use: { ...devices['Desktop Chrome'] },
      testMatch: AFTER_THE_REST,
      dependencies: ['chromium'],
    },
  ],
  webServer: {
    command: 'node e2e/serve.mjs',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      HOST: '127.0.0.1',
      PORT: String(PORT),
      // Better Auth accepts browser POSTs only from the shop's public URL: make it the address tested.
      PUBLIC_URL: baseURL,
      DATA_DIR: `.data-e2e-${PORT}`,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      // Every spec signs the demo accounts in from this one address, many times a minute on a fast
      // machine: ten times the attempt limits (30 a minute per address, 10 per email).
      AUTH_RATE_LIMIT_FACTOR: '10',
      // Abandoned-checkout emails go out with the sweep, every 5 s here; and a minute of their delay
      // lasts 10 s, so e2e/marketing.spec.ts waits about 15 s for its one-minute delay, not 65 s.
      CHECKOUT_SWEEP_INTERVAL_SECONDS: '5',
      ABANDONED_CHECKOUT_MINUTE_SECONDS: '10',
    },
  },
});
