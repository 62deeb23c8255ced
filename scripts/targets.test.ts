import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { assertLatin1 } from './targets.mjs';

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
