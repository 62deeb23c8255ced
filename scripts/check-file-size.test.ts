import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_LINES, oversized } from './check-file-size.mjs';

let root: string;
const lines = (n: number) =>
  `${Array.from({ length: n }, (_, i) => `export const a${i} = ${i};`).join('\n')}\n`;

function write(file: string, text: string) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
  execFileSync('git', ['add', file], { cwd: root });
}

describe('check-file-size', () => {
  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'sizes-'));
    execFileSync('git', ['init', '-q'], { cwd: root });
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('passes files at the limit and flags one line more', () => {
    write('apps/api/src/ok.ts', lines(MAX_LINES));
    write('apps/api/src/big.ts', lines(MAX_LINES + 1));
    expect(oversized(root)).toEqual([{ file: 'apps/api/src/big.ts', lines: MAX_LINES + 1 }]);
  });

  it('leaves migrations, seed data, the exempt primitives and non-source files alone', () => {
    write('apps/api/src/db/migrations/0001.sql', lines(900));
    write('apps/api/src/db/migrations/meta/x.ts', lines(900));
    write('apps/api/src/db/seed/demo-data.ts', lines(900));
    write('packages/ui/src/sidebar.tsx', lines(900));
    write('docs/product.md', lines(900));
    expect(oversized(root)).toEqual([]);
  });
});
