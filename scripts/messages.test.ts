import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkCatalogs } from './messages.mjs';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A set in a temporary folder: catalogs per language and one source file. */
function setOf(catalogs: Record<string, Record<string, string>>, source: string) {
  const dir = mkdtempSync(join(tmpdir(), 'cartwheel-messages-'));
  dirs.push(dir);
  mkdirSync(join(dir, 'messages'));
  mkdirSync(join(dir, 'src'));
  for (const [lang, messages] of Object.entries(catalogs)) {
    writeFileSync(join(dir, 'messages', `${lang}.json`), JSON.stringify(messages));
  }
  writeFileSync(join(dir, 'src', 'page.tsx'), source);
  return { name: 'test', messages: join(dir, 'messages'), sources: [join(dir, 'src')] };
}

const languages = ['en', 'de'];
const used = "t('cart.add'); t('cart.count', { count });";
const en = { 'cart.add': 'Add to Cart', 'cart.count': '{count, plural, one {# item} other {# items}}' };
const de = {
  'cart.add': 'In den Warenkorb',
  'cart.count': '{count, plural, one {# Artikel} other {# Artikel}}',
};

describe('the message catalogs check', () => {
  it('passes complete, used, valid catalogs', () => {
    expect(checkCatalogs([setOf({ en, de }, used)], { languages })).toEqual([]);
  });

  it.each([
    [
      'a key missing in a language',
      { en, de: { 'cart.add': de['cart.add'] } },
      used,
      'test/de: "cart.count" is missing',
    ],
    [
      'a key only in a translation',
      { en, de: { ...de, 'cart.extra': 'x' } },
      used,
      'not in the English catalog',
    ],
    ['a key the code never uses', { en, de }, "t('cart.add');", '"cart.count" is used nowhere in the code'],
    ['invalid ICU', { en, de: { ...de, 'cart.count': '{count, plural, one {#}' } }, used, 'not valid ICU'],
    [
      'other placeholders',
      { en, de: { ...de, 'cart.count': '{n} Artikel' } },
      used,
      'uses {n}, English {count}',
    ],
    ['a missing language file', { en }, used, 'test: de.json is missing'],
  ])('fails on %s', (_what, catalogs, source, problem) => {
    const problems = checkCatalogs([setOf(catalogs, source)], { languages });
    expect(problems.join('\n')).toContain(problem);
  });
});
