#!/usr/bin/env node
// Import boundaries between the apps, their features and the packages (`npm run boundaries`, part of
// `npm run check`). The rules and why: docs/decisions/0017-house-rules.md.
//   node scripts/check-boundaries.mjs [root]     exits 1 and lists every forbidden import
// A small reader of import statements rather than dependency-cruiser: that tool parses TypeScript
// through the TypeScript compiler's JavaScript API, which TypeScript 7 does not have, and its swc
// parser does not read TSX. Type-only imports count: they tie the code together just the same.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const SOURCE = /\.(ts|tsx|mts|mjs|js|jsx)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'migrations', '.vite']);

/** Each rule names the part of the tree it covers and says whether one import crosses it. */
export const RULES = [
  {
    name: 'feature-imports-feature',
    why: 'a feature does not import another feature; a route composes them',
    test: (from, to) => {
      const a = from.match(/^apps\/([^/]+)\/src\/features\/([^/]+)\//);
      const b = to.match(/^apps\/([^/]+)\/src\/features\/([^/]+)\//);
      return Boolean(a && b && a[1] === b[1] && a[2] !== b[2]);
    },
  },
  {
    name: 'component-imports-feature',
    why: "an app's shared components (src/components/) do not depend on its features",
    test: (from, to) => {
      const a = from.match(/^apps\/([^/]+)\/src\/components\//);
      return Boolean(a && to.startsWith(`apps/${a[1]}/src/features/`));
    },
  },
  {
    name: 'api-lib-imports-module',
    why: 'apps/api/src/lib/ holds helpers for the modules and does not reach back into them',
    test: (from, to) => from.startsWith('apps/api/src/lib/') && to.startsWith('apps/api/src/modules/'),
  },
  {
    name: 'app-imports-app',
    why: 'apps do not import each other; what they share lives in packages/',
    test: (from, to) => {
      const a = from.match(/^apps\/([^/]+)\//);
      const b = to.match(/^apps\/([^/]+)\//);
      return Boolean(a && b && a[1] !== b[1]);
    },
  },
  {
    name: 'package-imports-app',
    why: 'packages are used by the apps, never the other way round',
    test: (from, to) => from.startsWith('packages/') && to.startsWith('apps/'),
  },
  {
    name: 'example-imports-beyond-sdk',
    why: 'an example shows what a developer outside the repository can do: with @cartwheel/sdk alone',
    test: (from, to) => {
      const a = from.match(/^examples\/([^/]+)\//);
      if (!a) return false;
      return !to.startsWith(`examples/${a[1]}/`) && to !== 'packages/sdk' && !to.startsWith('packages/sdk/');
    },
  },
];

// Static imports and re-exports start a line (Biome formats them so); `import('x')` may be anywhere.
const STATIC_IMPORT = /^(?:import|export)\s(?:[^'"`;]*?\sfrom\s*)?['"]([^'"\n]+)['"]/gm;
const DYNAMIC_IMPORT = /\bimport\(\s*['"]([^'"\n]+)['"]\s*\)/g;

/** The module specifiers a source file imports, in order. */
export function importsOf(source) {
  const specifiers = [];
  for (const pattern of [STATIC_IMPORT, DYNAMIC_IMPORT]) {
    for (const match of source.matchAll(pattern)) specifiers.push(match[1]);
  }
  return specifiers;
}

function* sourceFiles(root, dir) {
  const full = path.join(root, dir);
  if (!existsSync(full)) return;
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    const rel = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!SKIP_DIRS.has(entry.name)) yield* sourceFiles(root, rel);
    } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      yield rel;
    }
  }
}

/** Workspace package names (`@cartwheel/ui`) and the folders they stand for (`packages/ui`). */
function workspaceFolders(root) {
  const folders = new Map();
  for (const top of ['apps', 'packages', 'examples']) {
    const full = path.join(root, top);
    if (!existsSync(full)) continue;
    for (const entry of readdirSync(full, { withFileTypes: true })) {
      const manifest = path.join(full, entry.name, 'package.json');
      if (entry.isDirectory() && existsSync(manifest)) {
        const { name } = JSON.parse(readFileSync(manifest, 'utf8'));
        if (name) folders.set(name, `${top}/${entry.name}`);
      }
    }
  }
  return folders;
}

/** The repository path an import points at, or null for a dependency from node_modules. */
function target(from, specifier, workspaces) {
  if (specifier.startsWith('.'))
    return path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  for (const [name, folder] of workspaces) {
    if (specifier === name || specifier.startsWith(`${name}/`)) return folder + specifier.slice(name.length);
  }
  return null;
}

/** Every import under apps/, packages/ and examples/ that breaks a rule: `{ file, specifier, to, rule, why }`. */
export function findViolations(root) {
  const workspaces = workspaceFolders(root);
  const violations = [];
  const files = ['apps', 'packages', 'examples'].flatMap((top) => [...sourceFiles(root, top)]);
  for (const file of files) {
    const source = readFileSync(path.join(root, file), 'utf8');
    for (const specifier of importsOf(source)) {
      const to = target(file, specifier, workspaces);
      if (to === null) continue;
      for (const rule of RULES) {
        if (rule.test(file, to)) violations.push({ file, specifier, to, rule: rule.name, why: rule.why });
      }
    }
  }
  return violations;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
  const violations = findViolations(root);
  for (const v of violations) console.error(`${v.file}: imports '${v.specifier}' (${v.rule}: ${v.why})`);
  if (violations.length > 0) {
    console.error(`\n${violations.length} import(s) cross a boundary (docs/decisions/0017-house-rules.md).`);
    process.exit(1);
  }
  console.log('Import boundaries: no forbidden imports.');
}
