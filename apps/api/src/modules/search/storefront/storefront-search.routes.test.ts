import {
  type StorefrontSearchResult,
  storefrontSearchQuery,
  storefrontSearchResult,
} from '@cartwheel/shared/contracts/storefront-search';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appPerFile } from '../../../../test/commerce-app.ts';
import {
  createBrand,
  createCategory,
  createOption,
  createProduct,
  createVariant,
} from '../../../../test/factories.ts';
import { queryRows } from '../../../db/client.ts';
import { brands, products } from '../../../db/schema.ts';
import { searchSql } from './facet-sql.ts';
import { understand } from './postgres-search.ts';

const suite = appPerFile();

async function search(query: string): Promise<StorefrontSearchResult> {
  const res = await suite.ctx.app.inject({ method: 'GET', url: `/api/search?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(storefrontSearchResult.parse(body)).toEqual(body);
  return body;
}
const names = (r: StorefrontSearchResult) => r.items.map((p) => p.name);
const q = (text: string) => `search=${encodeURIComponent(text)}`;

beforeAll(async () => {
  const { db } = suite.ctx;
  const northwind = await createBrand(db, { name: 'Northwind', slug: 'northwind' });
  const aurora = await createBrand(db, { name: 'Aurora', slug: 'aurora' });
  const outerwear = await createCategory(db, { name: 'Outerwear', slug: 'outerwear', sortOrder: 1 });
  const kitchen = await createCategory(db, { name: 'Kitchen', slug: 'kitchen', sortOrder: 2 });
  const hoodie = await createProduct(
    db,
    {
      name: 'Classic Hoodie',
      sku: 'HOOD-1',
      brandId: northwind.id,
      price: 4500,
      description: 'Warm fleece.',
    },
    { categoryIds: [outerwear.id] },
  );
  const size = await createOption(db, hoodie.id, 'Size', ['S', 'M', 'L']);
  const [s, m] = size.values;
  await createVariant(db, hoodie.id, [s!.id], { sku: 'HOOD-1-S', inventoryLevel: 0 });
  await createVariant(db, hoodie.id, [m!.id], { sku: 'HOOD-1-M', inventoryLevel: 4 });
  const zip = await createProduct(
    db,
    { name: 'Zip Hoodie', sku: 'ZIP-2', brandId: aurora.id, price: 6000, salePrice: 5000, inventoryLevel: 0 },
    { categoryIds: [outerwear.id] },
  );
  await createOption(db, zip.id, 'size', ['L', 'XL']);
  await createProduct(
    db,
    {
      name: 'Enamel Mug',
      sku: 'MUG-3',
      brandId: aurora.id,
      price: 1200,
      description: 'Not a hoodie but a mug.',
    },
    { categoryIds: [kitchen.id] },
  );
  // A product whose SKU is another product's name word: the exact SKU still comes first.
  await createProduct(db, { name: 'Hoodie Gift Card', sku: 'GIFT-HOODIE', price: 2500 });
  await createProduct(db, { name: 'Hidden Hoodie', sku: 'HID-1', isVisible: false });
  await createProduct(db, { name: 'Deleted Hoodie', sku: 'DEL-1', deletedAt: new Date() });
});

describe('GET /api/search: matching and ranking', () => {
  it('finds a product whose name has one wrong, missing or swapped letter', async () => {
    for (const typo of ['hoodei', 'hodie', 'hoodiee', 'hoofie', 'clasic hoodie', 'enamle mug']) {
      const found = names(await search(q(typo)));
      expect(found.length, typo).toBeGreaterThan(0);
    }
    expect(names(await search(q('hoofie')))).toContain('Classic Hoodie');
    expect(names(await search(q('enamle mug')))).toEqual(['Enamel Mug']);
  });

  it('ranks a name match above a description match, and leaves out hidden and deleted products', async () => {
    const found = names(await search(q('hoodie')));
    expect(found.slice(-1)).toEqual(['Enamel Mug']);
    expect(found).not.toContain('Hidden Hoodie');
    expect(found).not.toContain('Deleted Hoodie');
    expect(found).toHaveLength(4);
  });

  it('puts an exact product or variant SKU first', async () => {
    expect(names(await search(q('gift-hoodie')))[0]).toBe('Hoodie Gift Card');
    expect(names(await search(q('HOOD-1-M')))).toEqual(['Classic Hoodie']);
  });

  it('searches brand and category names', async () => {
    expect(names(await search(q('northwind')))).toEqual(['Classic Hoodie']);
    expect(names(await search(q('outerwear'))).sort()).toEqual(['Classic Hoodie', 'Zip Hoodie']);
  });

  it('matches the last word as the start of a word', async () => {
    expect(names(await search(q('enam')))).toEqual(['Enamel Mug']);
  });

  it('follows a renamed brand', async () => {
    const { db } = suite.ctx;
    await db.update(brands).set({ name: 'Southwind' }).where(eq(brands.slug, 'northwind'));
    expect(names(await search(q('southwind')))).toEqual(['Classic Hoodie']);
    await db.update(brands).set({ name: 'Northwind' }).where(eq(brands.slug, 'northwind'));
  });

  it('offers "Did you mean" when nothing matches and the closest words find products', async () => {
    const result = await search(q('hoddyy'));
    expect(result.total).toBe(0);
    expect(result.did_you_mean).toBe('hoodie');
    expect((await search(q('hoodie'))).did_you_mean).toBeNull();
    expect((await search(q('qqqqqq'))).did_you_mean).toBeNull();
  });

  it('rejects bad input with a 400 and a clear message', async () => {
    for (const [url, message] of [
      ['sort=cheapest', 'sort must be one of'],
      ['price_min=-1', 'price_min must be a whole number'],
      ['price_min=500&price_max=100', 'price_min must not be above price_max'],
      ['option=Size', 'option must look like Name:Value'],
      [`search=${'x'.repeat(201)}`, 'search must be at most 200 characters'],
    ] as const) {
      const res = await suite.ctx.app.inject({ method: 'GET', url: `/api/search?${url}` });
      expect(res.statusCode, url).toBe(400);
      expect(res.body, url).toContain(message);
    }
  });
});

describe('GET /api/search: facets', () => {
  it('counts categories, brands, options, stock and sale over the matches', async () => {
    const { facets, total } = await search(q('hoodie'));
    expect(total).toBe(4);
    expect(facets.categories.map((c) => [c.slug, c.count])).toEqual([
      ['outerwear', 2],
      ['kitchen', 1],
    ]);
    expect(facets.brands.map((b) => [b.slug, b.count])).toEqual([
      ['aurora', 2],
      ['northwind', 1],
    ]);
    // "Size" and "size" are one facet; L is on both hoodies.
    expect(facets.options.map((o) => o.name)).toEqual(['Size']);
    expect(Object.fromEntries(facets.options[0]!.values.map((v) => [v.value, v.count]))).toEqual({
      S: 1,
      M: 1,
      L: 2,
      XL: 1,
    });
    expect(facets.price).toEqual({ min: 1200, max: 5000 });
    // Classic Hoodie (a variant with stock), the mug and the gift card; the Zip Hoodie has none.
    expect(facets.in_stock).toBe(3);
    expect(facets.on_sale).toBe(1);
  });

  it('counts the same facets without search text (read in bulk) as with a text every product matches (read per match)', async () => {
    // "hoodie" matches every visible product (the mug by its description), so both must agree.
    for (const filters of [
      '',
      'brand=aurora',
      'category=outerwear&in_stock=true',
      'on_sale=true&option=Size:L',
    ]) {
      const bulk = await search(filters);
      const perMatch = await search(`${q('hoodie')}&${filters}`);
      expect(bulk.total, filters).toBe(perMatch.total);
      expect(bulk.facets, filters).toEqual(perMatch.facets);
    }
  });

  it("keeps a facet's other values when one is chosen, and narrows the other facets", async () => {
    const result = await search(`${q('hoodie')}&brand=aurora`);
    expect(names(result).sort()).toEqual(['Enamel Mug', 'Zip Hoodie']);
    expect(result.facets.brands.map((b) => [b.slug, b.count, b.selected])).toEqual([
      ['aurora', 2, true],
      ['northwind', 1, false],
    ]);
    expect(result.facets.categories.map((c) => [c.slug, c.count])).toEqual([
      ['outerwear', 1],
      ['kitchen', 1],
    ]);
  });

  it('combines filters: values of one facet widen, different facets narrow', async () => {
    const both = await search('category=outerwear&brand=aurora&brand=northwind');
    expect(names(both).sort()).toEqual(['Classic Hoodie', 'Zip Hoodie']);
    const sized = await search('option=size:m&option=Size:XL');
    expect(names(sized).sort()).toEqual(['Classic Hoodie', 'Zip Hoodie']);
    expect(sized.facets.options[0]?.values.filter((v) => v.selected).map((v) => v.value)).toEqual([
      'M',
      'XL',
    ]);
    expect(names(await search('option=size:m&brand=aurora'))).toEqual([]);
    expect(names(await search('in_stock=true&category=outerwear'))).toEqual(['Classic Hoodie']);
    expect(names(await search('on_sale=true'))).toEqual(['Zip Hoodie']);
    expect(names(await search('price_min=2000&price_max=4500&sort=price_asc'))).toEqual([
      'Hoodie Gift Card',
      'Classic Hoodie',
    ]);
  });

  it('shows a chosen value that the other filters leave empty, with a count of 0', async () => {
    const result = await search('category=kitchen&brand=northwind');
    expect(result.total).toBe(0);
    expect(result.facets.brands.find((b) => b.slug === 'northwind')).toMatchObject({
      count: 0,
      selected: true,
    });
  });

  it('pages the matches', async () => {
    const first = await search(`${q('hoodie')}&limit=2`);
    const second = await search(`${q('hoodie')}&limit=2&page=2`);
    expect(first.total).toBe(4);
    expect([...names(first), ...names(second)].sort()).toEqual(names(await search(q('hoodie'))).sort());
  });

  // Last in this block: it adds a product the counts above do not expect.
  it('filters by values with quotes, backslashes and accents, passed to the database as data', async () => {
    const { db } = suite.ctx;
    const stone = await createProduct(db, { name: 'Pizza Stone', sku: 'STONE-9', price: 3000 });
    await createOption(db, stone.id, 'Diameter', ['12" round', 'C:\\ café', "o'clock"]);
    for (const value of ['12" round', 'c:\\ CAFÉ', "o'clock"]) {
      const result = await search(`${q('pizza')}&option=${encodeURIComponent(`diameter:${value}`)}`);
      expect(names(result), value).toEqual(['Pizza Stone']);
      const chosen = result.facets.options[0]?.values.filter((v) => v.selected).map((v) => v.value);
      expect(chosen, value).toHaveLength(1);
    }
    expect(names(await search(`option=${encodeURIComponent('Diameter:12"')}`))).toEqual([]);
  });
});

describe('GET /api/search: one whole word from its postings', () => {
  // A search for one word read the same in English and as written, known and whole, reads the word's
  // postings (search_postings); every other search reads the facet rows through the GIN index. Both
  // statements must give the same page, total and facets, whatever the filters, sort and page.
  const queries = [
    'search=mug',
    'search=mug&sort=price_asc',
    'search=mug&sort=name',
    'search=mug&sort=newest',
    'search=mug&brand=aurora',
    'search=mug&in_stock=true&on_sale=true',
    'search=mug&price_max=1000',
    'search=kitchen',
    'search=aurora&sort=price_desc&limit=1&page=2',
    'search=classic&option=Size:M',
    'search=zip&on_sale=true',
    'search=warm',
    'search=hoodie',
  ];

  beforeAll(async () => {
    // A word in one product's name and in another's description, the second first by name.
    await createProduct(suite.ctx.db, {
      name: 'Anchor Lamp',
      sku: 'LAMP-1',
      price: 3000,
      description: 'Lights the mug shelf.',
    });
  });

  it('ranks a name match above a description match from the postings too', async () => {
    expect(names(await search('search=mug'))).toEqual(['Enamel Mug', 'Anchor Lamp']);
  });

  it.each(queries)('%s: the same answer from the postings as from the facet rows', async (query) => {
    const { db } = suite.ctx;
    const parsed = storefrontSearchQuery.parse(Object.fromEntries(new URLSearchParams(query)));
    const { text } = await understand(db, parsed.search as string);
    const sort = parsed.sort ?? 'relevance';
    const run = async (lexeme: string | undefined) => {
      const [row] = await queryRows<{ body: unknown }>(db, searchSql(parsed, { ...text, lexeme }, sort));
      return row?.body;
    };
    if (parsed.search === 'mug') expect(text.lexeme).toBe('mug');
    const fromPostings = (await run(text.lexeme)) as StorefrontSearchResult;
    expect(fromPostings).toEqual(await run(undefined));
    // The route answers from the same statement (it marks the chosen option values afterwards).
    const answered = await search(query);
    expect([answered.items, answered.total]).toEqual([fromPostings.items, fromPostings.total]);
  });

  it('is taken for a known whole word read one way, and not for a stemmed word, a prefix or two words', async () => {
    const { db } = suite.ctx;
    const lexemes = await Promise.all(
      ['mug', 'Kitchen', 'hoodie', 'mu', 'enamel mug', 'mgu'].map(
        async (w) => (await understand(db, w)).text.lexeme,
      ),
    );
    // "hoodie" is read "hoodi" in English; "mu" may still be typing; "mgu" is corrected.
    expect(lexemes).toEqual(['mug', 'kitchen', undefined, undefined, undefined, undefined]);
  });
});

describe('GET /api/search/suggestions', () => {
  it('suggests products and categories for a partly typed or misspelt word', async () => {
    const res = await suite.ctx.app.inject({ method: 'GET', url: '/api/search/suggestions?q=outerw' });
    expect(res.statusCode).toBe(200);
    expect(res.json().categories).toEqual([{ name: 'Outerwear', slug: 'outerwear' }]);
    const typo = await suite.ctx.app.inject({ method: 'GET', url: '/api/search/suggestions?q=hoodei' });
    expect(typo.json().products.map((p: { name: string }) => p.name)).toContain('Classic Hoodie');
  });

  it('needs text', async () => {
    const res = await suite.ctx.app.inject({ method: 'GET', url: '/api/search/suggestions?q=' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('q is required');
  });
});

describe('search_vector upkeep', () => {
  it('is filled for products inserted in one statement with their variants', async () => {
    const { db } = suite.ctx;
    const [row] = await db.select({ name: products.name }).from(products).where(eq(products.sku, 'HOOD-1'));
    expect(row?.name).toBe('Classic Hoodie');
  });
});
