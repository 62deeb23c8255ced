#!/usr/bin/env node
// Source files stay small enough to read whole: none over 500 lines (`npm run sizes`, part of
// `npm run check`). Data and generated files are exempt: SQL migrations, the demo shop's seed data,
// the shadcn primitives in packages/ui that are kept close to upstream, and the SDK's generated types.
// See decision 0017.
//   node scripts/check-file-size.mjs [root]     exits 1 and lists every file over the limit
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const MAX_LINES = 500;
const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs|css|html)$/;
/** Files allowed to be longer, each with the reason. */
export const EXEMPT = new Map([
  ['apps/api/src/db/seed/demo-data.ts', 'seed data'],
  ['packages/ui/src/sidebar.tsx', 'shadcn primitive kept close to upstream'],
  ['packages/sdk/src/schema.d.ts', 'generated from the OpenAPI document (npm run sdk)'],
]);
const EXEMPT_DIRS = [/(^|\/)migrations\//];

/** The tracked source files over the limit, as `{ file, lines }`. */
export function oversized(root) {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0');
  const found = [];
  for (const file of files) {
    if (!SOURCE.test(file) || EXEMPT.has(file) || EXEMPT_DIRS.some((d) => d.test(file))) continue;
    let text;
    try {
      text = readFileSync(path.join(root, file), 'utf8');
    } catch {
      continue; // deleted in the work tree
    }
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (lines > MAX_LINES) found.push({ file, lines });
  }
  return found;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(process.argv[2] ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
  const found = oversized(root);
  for (const { file, lines } of found) console.log(`${file}: ${lines} lines (at most ${MAX_LINES})`);
  if (found.length) {
    console.log(`\n${found.length} source file(s) over ${MAX_LINES} lines: split them by what they own.`);
    process.exit(1);
  }
  console.log(`File sizes: no source file over ${MAX_LINES} lines.`);
}
