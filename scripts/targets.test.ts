import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assertLatin1, assertLoadedOnFirstUse } from './targets.mjs';

const dir = mkdtempSync(join(tmpdir(), 'cartwheel-targets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const bundle = (name: string, text: string) => {
  const file = join(dir, name);
  writeFileSync(file, text);
  return file;
};

describe('the API bundle check', () => {
  it('passes a bundle V8 can hold one byte per character (Latin-1, as in a license comment)', () => {
    expect(() => assertLatin1(bundle('ok.js', 'const a = /x/;\n/*! Jimmy W\u00e4rting */\n'))).not.toThrow();
  });

  it('names the first character that would double its size, with the code around it', () => {
    expect(() => assertLatin1(bundle('apostrophe.js', "const edge = String.raw`[\\p{L}'\u2019]`;"))).toThrow(
      /outside Latin-1 at 31: \.\.\.const edge = String\.raw`\[\\p\{L\}'\u2019\]`;\.\.\./,
    );
  });
});

describe('the packages the API loads on first use', () => {
  // A metafile as esbuild writes it: outputs with their inputs and the chunks they import.
  const output = (inputs: string[], imports: { path: string; kind: string }[] = []) => ({
    inputs: Object.fromEntries(inputs.map((input) => [input, { bytesInOutput: 1 }])),
    imports,
  });

  it('passes an entry that reaches them only through import()', () => {
    const metafile = {
      outputs: {
        'dist/main.js': output(
          ['src/main.ts'],
          [{ path: 'dist/chunks/markdown.js', kind: 'dynamic-import' }],
        ),
        'dist/chunks/markdown.js': output(['node_modules/sanitize-html/index.js']),
      },
    };
    expect(() => assertLoadedOnFirstUse(metafile, 'dist/main.js')).not.toThrow();
  });

  it('names one the entry holds itself or through a chunk it imports statically', () => {
    const inEntry = { outputs: { 'dist/main.js': output(['node_modules/pino-pretty/index.js']) } };
    expect(() => assertLoadedOnFirstUse(inEntry, 'dist/main.js')).toThrow(/holds pino-pretty/);
    const inSharedChunk = {
      outputs: {
        'dist/main.js': output(
          ['src/main.ts'],
          [{ path: 'dist/chunks/shared.js', kind: 'import-statement' }],
        ),
        'dist/chunks/shared.js': output(['node_modules/@easypost/api/dist/easypost.js']),
      },
    };
    expect(() => assertLoadedOnFirstUse(inSharedChunk, 'dist/main.js')).toThrow(/holds @easypost\/api/);
  });
});
