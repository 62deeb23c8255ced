import { storefrontSearchQuery } from '@cartwheel/shared/contracts/storefront-search';
import { beforeAll, describe, expect, it } from 'vitest';
import { appPerFile } from '../../../../test/commerce-app.ts';
import { createProduct } from '../../../../test/factories.ts';
import { queryRows } from '../../../db/client.ts';
import { searchSql } from './facet-sql.ts';
import { understand } from './postgres-search.ts';

// The last word of a search matches as the start of a word unless it is a whole catalog word that
// no other catalog word begins with (other than words with the same stem): then the exact match
// finds the same products for less.

const suite = appPerFile();

beforeAll(async () => {
  const { db } = suite.ctx;
  await createProduct(db, { name: 'Stoneware Mug', sku: 'SM-1', price: 1500 });
  await createProduct(db, { name: 'Espresso Mugs', sku: 'EM-2', price: 2500, description: 'A set of two.' });
  await createProduct(db, { name: 'Mugwort Tea', sku: 'MT-3', price: 900 });
  await createProduct(db, { name: 'Running Shoes', sku: 'RS-4', price: 9000 });
  await createProduct(db, {
    name: 'Runner Rug',
    sku: 'RR-5',
    price: 12000,
    description: 'For a long hallway.',
  });
  await createProduct(db, { name: 'Hooded Scarf', sku: 'HS-6', price: 3000 });
  // Letters beyond ASCII: the range of words beginning with "café" ends before "cafê".
  await createProduct(db, { name: 'Café Table', sku: 'CT-7', price: 20000 });
  await createProduct(db, { name: 'Cafés of Lisbon', sku: 'CL-8', price: 1800, description: 'A guide.' });
  await createProduct(db, { name: 'Soufflé Dish', sku: 'SD-9', price: 2200 });
  await createProduct(db, { name: 'Souffléware Set', sku: 'SS-10', price: 5400 });
});

/** The catalog page's body for `word`, with the last word matched as read by understand() or as a prefix. */
async function page(word: string, prefixLast?: boolean) {
  const { db } = suite.ctx;
  const query = storefrontSearchQuery.parse({ search: word });
  const { text } = await understand(db, word);
  const [row] = await queryRows<{ body: { total: number; items: Array<{ name: string }> } }>(
    db,
    searchSql(query, { ...text, prefixLast: prefixLast ?? text.prefixLast }, 'relevance'),
  );
  return row!.body;
}

describe('the last word as a whole word or a prefix', () => {
  it('reads a word as whole only when no other catalog word begins with it', async () => {
    const { db } = suite.ctx;
    const prefixed = async (word: string) => (await understand(db, word)).text.prefixLast;
    // "Stoneware", "Scarf", "Tea": no longer word. "Mugs" stems to "mug", like "mug" itself.
    expect(await prefixed('stoneware')).toBe(false);
    expect(await prefixed('scarf')).toBe(false);
    expect(await prefixed('hooded scarf')).toBe(false);
    // "Mugwort" begins with "mug"; "runner" with "run", the stem of "running"; "hoo" is no word.
    expect(await prefixed('mug')).toBe(true);
    expect(await prefixed('running')).toBe(true);
    expect(await prefixed('hoo')).toBe(true);
    // "Cafés" stems to "café"; "caf" is no word.
    expect(await prefixed('café')).toBe(false);
    expect(await prefixed('caf')).toBe(true);
    // "Souffléware" begins with "soufflé" (its last letter beyond ASCII) and has another stem.
    expect(await prefixed('soufflé')).toBe(true);
    // Only the last word can be a prefix.
    expect(await prefixed('scarf hoo')).toBe(true);
  });

  it('finds exactly what the prefix finds, in the same order', async () => {
    for (const word of [
      'café',
      'cafés',
      'caf',
      'soufflé',
      'stoneware',
      'mug',
      'mugs',
      'mugwort',
      'running',
      'runner',
      'rug',
      'scarf',
      'tea',
      'set',
    ]) {
      const read = await page(word);
      const prefix = await page(word, true);
      expect(read, word).toEqual(prefix);
      expect(read.total, word).toBeGreaterThan(0);
    }
    expect((await page('mug')).items.map((p) => p.name).sort()).toEqual([
      'Espresso Mugs',
      'Mugwort Tea',
      'Stoneware Mug',
    ]);
    expect((await page('running')).items.map((p) => p.name).sort()).toEqual(['Runner Rug', 'Running Shoes']);
  });
});
