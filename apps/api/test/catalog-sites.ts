import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestContext } from './test-app.ts';

/** Shaped like the built storefront's index.html: the places of the server render's parts. */
export const STOREFRONT_INDEX = `<!doctype html><html><head><!--app-head--><title>Cartwheel Store</title></head>
<body><div id="root"><!--app-html--></div><!--app-state--><script type="module" src="/assets/app-abc123.js"></script></body></html>`;

/** The storefront's server entry, from its source: the pages under test are React's real render. */
const STOREFRONT_SERVER_SOURCE = fileURLToPath(
  new URL('../../storefront/src/entry-server.tsx', import.meta.url),
);

/**
 * One app for the whole test file serving stand-in front-end builds: `files` (path -> content,
 * under storefront/, admin/ and images/) are written to a temporary folder, removed after the last
 * test. The storefront's pages are rendered by its real server entry, from source.
 */
export function appWithSitesPerFile(
  files: Record<string, string>,
  env: Record<string, string> = {},
): {
  readonly ctx: TestContext;
  get(url: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
} {
  let ctx: TestContext | undefined;
  let dir: string | undefined;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cartwheel-sites-'));
    for (const [path, content] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), content);
    }
    ctx = await createTestApp(env, {
      sites: {
        storefront: join(dir, 'storefront'),
        storefrontServer: STOREFRONT_SERVER_SOURCE,
        admin: join(dir, 'admin'),
        demoImages: join(dir, 'images'),
      },
    });
  });
  afterAll(async () => {
    await ctx?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  const suite = {
    get ctx() {
      if (!ctx) throw new Error('the test app is built in beforeAll');
      return ctx;
    },
    get: (url: string, headers: Record<string, string> = {}) =>
      suite.ctx.app.inject({ method: 'GET', url, headers }),
  };
  return suite;
}
