import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { citationIn, commentsOf, findCitations } from './check-comments.mjs';

const script = path.join(import.meta.dirname, 'check-comments.mjs');
let root: string;

function write(file: string, text: string) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'cartwheel-comments-'));
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

describe('check-comments', () => {
  it.each([
    'Defaults from spec section 5.',
    'the section 7 SKU rule',
    "The spec's success page links to /orders.",
    'The checkout journey of issue 5.',
    'see Issue #12',
    'as ARCHITECTURE.md says',
    'STYLE.md: one file per endpoint',
    'read ../shared/spec/notes.txt',
  ])('flags "%s"', (text) => {
    expect(citationIn(text)).not.toBeNull();
  });

  it.each([
    'e2e/accounts.spec.ts covers the sign-in page itself.',
    'never shares a cart with the other specs.',
    'served as the OpenAPI spec at /api/docs',
    'Rules: docs/product.md#product-rules and docs/decisions/0008-admin-products.md',
    'a special price; specifier; respects the limit',
    'Issued at sign-in; 5 sections of the order page',
  ])('leaves "%s" alone', (text) => {
    expect(citationIn(text)).toBeNull();
  });

  it('reads comments only, not strings, regular expressions or JSX text', () => {
    const source = [
      "const a = 'see spec section 5'; // a comment",
      'const b = /\\/\\/ spec section 5/;',
      '/* block',
      '   second line */',
      "const c = <p>Don't look at spec section 2</p>;",
      '// after JSX',
      'const d = `// spec section 3`;',
    ].join('\n');
    expect(commentsOf(source)).toEqual([
      { line: 1, text: ' a comment' },
      { line: 3, text: ' block' },
      { line: 4, text: '   second line ' },
      { line: 6, text: ' after JSX' },
    ]);
  });

  it('fails on a source comment that cites a section, naming the file and line, and passes once reworded', () => {
    write(
      'apps/api/src/x.ts',
      "export const x = 1;\n// Defaults from spec section 5.\nexport const y = 'spec section 5';\n",
    );
    write('docs/product.md', '# Product\n\nThe rules, in our words.\n');
    expect(findCitations(root)).toEqual([expect.objectContaining({ file: 'apps/api/src/x.ts', line: 2 })]);
    const failing = spawnSync(process.execPath, [script, root], { encoding: 'utf8' });
    expect(failing.status).toBe(1);
    expect(failing.stderr).toContain('apps/api/src/x.ts:2');

    write('apps/api/src/x.ts', 'export const x = 1;\n// Defaults: docs/product.md#product-rules.\n');
    const passing = spawnSync(process.execPath, [script, root], { encoding: 'utf8' });
    expect(passing.status).toBe(0);
  });
});
