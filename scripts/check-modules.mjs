#!/usr/bin/env node
// Every API module says what kind it is and has the files of that kind (`npm run modules`, part of
// `npm run check`). The kinds and why: docs/decisions/0058-module-kinds.md.
//   node scripts/check-modules.mjs [root]     lists each module with its kind; exits 1 on a mismatch
// A module names its kind in the first line of its README.md: `# <module>: <kind> module`.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const MODULES_DIR = 'apps/api/src/modules';

/** First words of a flow's step files (`place-order.ts`); a new step with a new verb adds it here. */
export const STEP_VERBS = new Set([
  'create',
  'expire',
  'finalize',
  'fulfil',
  'place',
  'price',
  'reconcile',
  'refund',
  'reset',
]);

/** What each kind must have and must not have, by the roles of its files. */
export const KINDS = {
  entity: {
    needs: ['schema', 'routes'],
    forbids: [],
    what: 'owns tables (*.schema.ts) and serves them (*.routes.ts, logic in *.service.ts)',
  },
  flow: {
    needs: ['step'],
    forbids: ['schema'],
    what: 'verb-named steps across entities (place-order.ts); owns no tables',
  },
  library: {
    needs: [],
    forbids: ['schema', 'routes'],
    what: 'code other modules call; no routes and no tables',
  },
  endpoint: {
    needs: ['routes'],
    forbids: ['schema'],
    what: 'routes over what other modules or outside systems own; no tables',
  },
};

const ROLE_NAMES = {
  schema: '*.schema.ts file',
  routes: '*.routes.ts file',
  step: `step file named <verb>-<object>.ts (verbs: ${[...STEP_VERBS].join(', ')})`,
};

const DECLARATION = /^# ([a-z0-9-]+): ([a-z]+) module\s*$/;

/** The kind a README's first line declares (`# cart: entity module`), with the name it gives. */
export function declaredKind(readme) {
  const match = (readme ?? '').split('\n', 1)[0].match(DECLARATION);
  return match ? { name: match[1], kind: match[2] } : null;
}

/** The roles a module's file plays (a test or helper plays none). `file` is relative to the module. */
export function rolesOf(file) {
  const base = path.posix.basename(file);
  if (/\.test\.tsx?$/.test(base)) return [];
  if (base.endsWith('.schema.ts')) return ['schema'];
  if (base.endsWith('.routes.ts')) return ['routes'];
  if (base.endsWith('.service.ts')) return ['service'];
  const words = base.replace(/\.tsx?$/, '').split('-');
  return words.length > 1 && STEP_VERBS.has(words[0]) ? ['step'] : [];
}

/**
 * What is wrong with a module, as sentences (none: it fits). `readme` is its README.md text or null,
 * `files` its files relative to the module folder.
 */
export function moduleProblems(name, readme, files) {
  const declared = declaredKind(readme);
  if (!declared) {
    const kinds = Object.keys(KINDS).join(', ');
    return [
      readme === null
        ? `has no README.md naming its kind (first line "# ${name}: <kind> module", kind one of ${kinds})`
        : `README.md does not start with "# ${name}: <kind> module" (kind one of ${kinds})`,
    ];
  }
  const rule = KINDS[declared.kind];
  if (!rule) return [`declares "${declared.kind}", which is not a kind (${Object.keys(KINDS).join(', ')})`];
  const problems = [];
  const isA = `is ${/^[aeiou]/.test(declared.kind) ? 'an' : 'a'} ${declared.kind} module`;
  if (declared.name !== name) problems.push(`README.md names the module "${declared.name}", not "${name}"`);
  const byRole = new Map();
  for (const file of files) {
    for (const role of rolesOf(file)) byRole.set(role, [...(byRole.get(role) ?? []), file]);
  }
  for (const role of rule.needs) {
    if (!byRole.has(role)) problems.push(`${isA} but has no ${ROLE_NAMES[role]}`);
  }
  for (const role of rule.forbids) {
    if (byRole.has(role)) {
      problems.push(`${isA} but has ${byRole.get(role).join(', ')} (${rule.what})`);
    }
  }
  return problems;
}

function filesUnder(dir, prefix = '') {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const rel = prefix + entry.name;
    if (entry.isDirectory()) files.push(...filesUnder(path.join(dir, entry.name), `${rel}/`));
    else files.push(rel);
  }
  return files;
}

/** Every module folder under apps/api/src/modules: `{ name, kind, problems }`, by name. */
export function checkModules(root) {
  const dir = path.join(root, MODULES_DIR);
  const names = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return names.map((name) => {
    const readmePath = path.join(dir, name, 'README.md');
    const readme = existsSync(readmePath) ? readFileSync(readmePath, 'utf8') : null;
    const files = filesUnder(path.join(dir, name)).filter((file) => file !== 'README.md');
    return { name, kind: declaredKind(readme)?.kind ?? null, problems: moduleProblems(name, readme, files) };
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
  const modules = checkModules(root);
  const width = Math.max(...modules.map((m) => m.name.length));
  for (const m of modules) console.log(`${m.name.padEnd(width)}  ${m.kind ?? '(no kind)'}`);
  const failing = modules.filter((m) => m.problems.length > 0);
  for (const m of failing) {
    for (const problem of m.problems) console.error(`${MODULES_DIR}/${m.name}: ${problem}`);
  }
  if (failing.length > 0) {
    console.error(
      `\n${failing.length} module(s) do not fit their kind (docs/decisions/0058-module-kinds.md).`,
    );
    process.exit(1);
  }
  console.log(`Module kinds: ${modules.length} modules, each with the files of its kind.`);
}
