import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestContext } from './test-app.ts';

/**
 * Shaped like the storefront's index.html: a loading placeholder as the static shell's main content,
 * and the templates the server puts in its place for the home and product pages.
 */
export const STOREFRONT_SHELL = `<!doctype html><title>Cartwheel Store</title><!-- storefront shell -->
<main><!--shell-main--><p>Loading...</p><!--/shell-main--></main>
    <template data-shell="home"><h1>Everything you need</h1></template>
    <template data-shell="product"><h1>{{name}}</h1><p>{{brand}}</p>{{{image}}}<p>{{description}}</p></template>
<script type="module" src="/assets/app-abc123.js"></script>`;

/**
 * One app for the whole test file serving stand-in front-end builds: `files` (path -> content,
 * under storefront/, admin/ and images/) are written to a temporary folder, removed after the last
 * test. The behaviour under test is the serving, not Vite's output.
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
