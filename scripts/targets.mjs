// What `npm start` and `npm run build` produce, and the sources each output is built from.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const r = (...p) => join(ROOT, ...p);

export const TARGETS = [
  {
    name: 'storefront',
    output: r('apps/storefront/dist/index.html'),
    inputs: [
      r('apps/storefront/src'),
      r('apps/storefront/public'),
      r('apps/storefront/index.html'),
      r('apps/storefront/vite.config.ts'),
      r('packages/ui/src'),
      r('packages/auth/src'),
      r('packages/shared/src'),
      r('package-lock.json'),
    ],
  },
  {
    name: 'admin',
    output: r('apps/admin/dist/index.html'),
    inputs: [
      r('apps/admin/src'),
      r('apps/admin/public'),
      r('apps/admin/index.html'),
      r('apps/admin/vite.config.ts'),
      r('packages/ui/src'),
      r('packages/auth/src'),
      r('packages/shared/src'),
      r('package-lock.json'),
    ],
  },
  {
    name: 'api',
    output: r('apps/api/dist/main.js'),
    inputs: [r('apps/api/src'), r('packages/shared/src'), r('package-lock.json')],
  },
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist' || entry.endsWith('.test.ts')) continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

/** True when the output is missing or older than any of its sources. */
export function isStale(target) {
  if (!existsSync(target.output)) return true;
  const built = statSync(target.output).mtimeMs;
  return target.inputs.some((input) => newestMtime(input) > built);
}

/** Builds one target: Vite for the front ends, an esbuild bundle for the API. */
export async function buildTarget(target) {
  const started = Date.now();
  if (target.name === 'api') {
    const { build } = await import('esbuild');
    await build({
      entryPoints: [r('apps/api/src/main.ts')],
      outfile: target.output,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      sourcemap: true,
      logLevel: 'warning',
      plugins: [
        {
          // Dependencies load from node_modules at run time; only our own workspace packages are bundled.
          name: 'external-dependencies',
          setup(b) {
            b.onResolve({ filter: /^[^./]/ }, (args) =>
              args.path.startsWith('@cartwheel/') ? undefined : { path: args.path, external: true },
            );
          },
        },
      ],
    });
  } else {
    const { build } = await import('vite');
    const root = r('apps', target.name);
    await build({ root, configFile: join(root, 'vite.config.ts'), logLevel: 'warn' });
  }
  console.log(`  built ${target.name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
