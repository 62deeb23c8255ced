// What `npm start` and `npm run build` produce, and the sources each output is built from.
import { existsSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const r = (...p) => join(ROOT, ...p);

export const TARGETS = [
  {
    name: 'storefront',
    output: r('apps/storefront/dist-server/entry-server.js'),
    ssrEntry: 'src/entry-server.tsx',
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

/** Dependencies of the API that must load from node_modules (they find files relative to themselves). */
// pdfkit reads its font metrics from files beside its own code: bundled, it would not find them.
const BUNDLE_EXTERNALS = [
  'sharp',
  '@electric-sql/pglite',
  '@electric-sql/pglite/*',
  '@fastify/swagger-ui',
  'pdfkit',
];

/**
 * V8 keeps a script's source in memory for as long as the script lives, in one byte per character
 * when all of it is Latin-1 and in two otherwise. esbuild escapes what is outside ASCII in string
 * literals but keeps regular expressions and tagged templates (String.raw) as written, so a single
 * typographic apostrophe there doubles the memory the entry bundle's source takes. Write such
 * characters as \u escapes, or load the code that has them on first use
 * (bench/results/2026-12-07-checkout-statements.md).
 */
export function assertLatin1(file) {
  const source = readFileSync(file, 'utf8');
  const at = source.search(/[\u0100-\uffff]/);
  if (at === -1) return;
  throw new Error(
    `${file} has a character outside Latin-1 at ${at}: ...${source.slice(Math.max(0, at - 60), at + 20)}...`,
  );
}

/**
 * Packages the API's entry bundle must not hold: a server starts without them and loads each with the
 * first request that needs it (a return label, a tax calculation or payment through Stripe, a page's
 * Markdown, a CSV import, the development log), so every start compiles less code.
 */
const LOADED_ON_FIRST_USE = ['@easypost/api', 'sanitize-html', 'markdown-it', 'pino-pretty', 'stripe'];

/**
 * Throws when the entry bundle `output` or a chunk it imports statically (per esbuild's metafile)
 * holds code of a LOADED_ON_FIRST_USE package.
 */
export function assertLoadedOnFirstUse(metafile, output) {
  const loaded = new Set();
  const visit = (file) => {
    if (loaded.has(file) || !metafile.outputs[file]) return;
    loaded.add(file);
    for (const { path, kind } of metafile.outputs[file].imports) if (kind === 'import-statement') visit(path);
  };
  visit(output);
  const inputs = [...loaded].flatMap((file) => Object.keys(metafile.outputs[file].inputs));
  const held = LOADED_ON_FIRST_USE.filter((name) =>
    inputs.some((input) => input.includes(`node_modules/${name}/`)),
  );
  if (held.length) {
    throw new Error(
      `${output} holds ${held.join(', ')}: a static import reaches them; import them with import() where they are used`,
    );
  }
}

/** Builds one target: Vite for the front ends, an esbuild bundle for the API. */
export async function buildTarget(target) {
  const started = Date.now();
  if (target.name === 'api') {
    const { build } = await import('esbuild');
    rmSync(dirname(target.output), { recursive: true, force: true });
    const { metafile } = await build({
      // The metafile names inputs and outputs relative to the repository (assertLoadedOnFirstUse).
      metafile: true,
      absWorkingDir: ROOT,
      entryPoints: [r('apps/api/src/main.ts')],
      outdir: dirname(target.output),
      entryNames: '[name]',
      // What only some shops use (Stripe, SMTP, the embedded database's driver) is a chunk of its own,
      // loaded on first use.
      splitting: true,
      chunkNames: 'chunks/[name]-[hash]',
      // Names stay as written (some libraries read constructor and function names); esbuild's
      // keepNames would instead wrap every function creation in a defineProperty call (hot paths).
      minifyWhitespace: true,
      minifySyntax: true,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      sourcemap: true,
      logLevel: 'warning',
      // Dependencies are bundled too: one file loads several times faster than hundreds of modules
      // (start-up time, bench/README.md). Packages that read files next to their own code at run time
      // (WebAssembly, native addons, static assets) stay in node_modules.
      external: BUNDLE_EXTERNALS,
      // Bundled CommonJS code calls require() for Node's built-ins.
      banner: {
        js: "import { createRequire as __cartwheelCreateRequire } from 'node:module'; const require = __cartwheelCreateRequire(import.meta.url);",
      },
    });
    assertLatin1(target.output);
    assertLoadedOnFirstUse(metafile, relative(ROOT, target.output));
  } else {
    const { build } = await import('vite');
    const root = r('apps', target.name);
    await build({ root, configFile: join(root, 'vite.config.ts'), logLevel: 'warn' });
    // The storefront's pages are rendered on the server too: its server entry, for the API to load.
    if (target.ssrEntry) {
      await build({
        root,
        configFile: join(root, 'vite.config.ts'),
        logLevel: 'warn',
        publicDir: false,
        // React's production build in the bundle, whatever NODE_ENV the server runs with.
        define: { 'process.env.NODE_ENV': JSON.stringify('production') },
        build: { ssr: target.ssrEntry, outDir: 'dist-server', emptyOutDir: true },
      });
    }
  }
  console.log(`  built ${target.name} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
