import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { appWithSitesPerFile } from '../../../../test/catalog-sites.ts';
import { createCategory, createProduct } from '../../../../test/factories.ts';
import { API_ROOT } from '../../../lib/paths.ts';
import { shellTemplates } from '../../../lib/static-sites.ts';

// The storefront's own index.html (its source: the templates are the same in the build), so these
// tests see the markup the shell really serves.
const index = readFileSync(resolve(API_ROOT, '../storefront/index.html'), 'utf8');
const suite = appWithSitesPerFile({ 'storefront/index.html': index });
const { get } = suite;

/** The shell's main content: what the server put between <main> and </main>. */
const mainOf = (html: string) => /<main id="main"[^>]*>([\s\S]*?)<\/main>/.exec(html)?.[1] ?? '';

describe("the catalog's first screen in the storefront's HTML", () => {
  it('has every template the server fills in', () => {
    const names = [...shellTemplates(index).keys()];
    for (const name of ['catalog', 'breadcrumb-space', 'card', 'price', 'sale-price', 'out-of-stock'])
      expect(names, name).toContain(name);
    for (const name of ['badges', 'badge', 'badge-more']) expect(names, name).toContain(name);
  });

  it('serves /products with the first page of visible products as cards, escaped, the first two images first', async () => {
    const { db } = suite.ctx;
    const shoes = await createCategory(db, { name: 'Shoes & <Boots>', slug: 'shell-shoes' });
    await createProduct(
      db,
      { name: 'Sale <Sneaker>', slug: 'sale sneaker', price: 5000, salePrice: 3999 },
      { categoryIds: [shoes.id] },
    );
    await createProduct(db, { name: 'Sold Out Boot', inventoryLevel: 0 });
    await createProduct(db, { name: 'Hidden Clog', isVisible: false });
    const res = await get('/products');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<title>Products \| [^<]+<\/title>/);
    // Kept by shared caches until a product, category or the shop's look changes.
    expect(res.headers['cache-control']).toContain('s-maxage');
    expect(String(res.headers['surrogate-key']).split(' ')).toEqual(
      expect.arrayContaining(['products', 'categories', 'site']),
    );
    const main = mainOf(res.body);
    expect(main).toContain('<h1 class="font-bold text-3xl tracking-tight">Products</h1>');
    expect(main).toContain('<span>2 products</span>');
    expect(main).toContain('href="/product/sale%20sneaker"');
    expect(main).toContain('Sale &lt;Sneaker&gt;</h3>');
    expect(main).toMatch(/text-destructive">\$39\.99<\/span\s*>[\s\S]*?<s [^>]*>\$50\.00<\/s>/);
    expect(main).toContain('>Shoes &amp; &lt;Boots&gt;</span');
    expect(main).toContain('>Out of stock</span');
    expect(main).not.toContain('Hidden Clog');
    expect(main.match(/fetchpriority="high"/g)).toHaveLength(2);
    expect(main).not.toContain('{{');
    expect(res.body).not.toContain('<template data-shell');
  });

  it('shows a catalog change on the next request', async () => {
    const { db } = suite.ctx;
    const before = mainOf((await get('/products')).body);
    await createProduct(db, { name: 'Brand New Lamp' });
    expect(before).not.toContain('Brand New Lamp');
    // The write's change notification empties the kept page before the next read.
    expect(mainOf((await get('/products')).body)).toContain('Brand New Lamp');
  });

  it('keeps the loading placeholder for /products with filters in the address', async () => {
    const res = await get('/products?search=lamp');
    expect(res.statusCode).toBe(200);
    expect(mainOf(res.body)).toContain('Loading...');
    expect(mainOf(res.body)).not.toContain('data-shell');
  });

  it("serves a category page with its own products under the category's name", async () => {
    const { db } = suite.ctx;
    const lamps = await createCategory(db, { name: 'Lamps', slug: 'shell-lamps' });
    await createProduct(db, { name: 'Desk Lamp' }, { categoryIds: [lamps.id] });
    const res = await get('/categories/shell-lamps');
    expect(res.statusCode).toBe(200);
    const main = mainOf(res.body);
    expect(main).toContain('tracking-tight">Lamps</h1>');
    expect(main).toContain('<span>1 product</span>');
    expect(main).toContain('Desk Lamp</h3>');
    expect(main).not.toContain('Sale &lt;Sneaker&gt;');
    expect(mainOf((await get('/categories/shell-lamps?sort=name')).body)).toContain('Loading...');
  });
});
