import type { AdminProductDetail } from '@cartwheel/shared/contracts/admin-products';
import type { ImportResult } from '@cartwheel/shared/contracts/product-import';
import { guardCell } from '@cartwheel/shared/csv-cell';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { managerAppPerFile } from '../../../test/catalog-app.ts';
import {
  createBrand,
  createCategory,
  createOption,
  createProduct,
  createVariant,
} from '../../../test/factories.ts';
import { signUpAs } from '../../../test/sessions.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { queryRows } from '../../db/client.ts';

const suite = managerAppPerFile();

function importCsv(csv: string, dryRun: boolean) {
  return suite.ctx.app.inject({
    method: 'POST',
    url: `/api/admin/products/import?dry_run=${dryRun}`,
    headers: { cookie: suite.manager, 'content-type': 'text/csv' },
    payload: csv,
  });
}

const count = async (table: string) =>
  (await queryRows<{ n: number }>(suite.ctx.db, sql`SELECT count(*)::int AS n FROM ${sql.raw(table)}`))[0]!.n;

/** 50 product rows; `bad` replaces cells on some rows (row index from 0; its line is index + 2). */
function fiftyRows(prefix: string, bad: Record<number, Record<string, string>> = {}): string {
  const lines = ['sku,name,price,inventory_level,is_visible,categories'];
  for (let i = 0; i < 50; i++) {
    const row = {
      sku: `${prefix}-${i}`,
      name: `Bulk Item ${i}`,
      price: `${10 + i}.50`,
      inv: String(i),
      ...bad[i],
    };
    lines.push([row.sku, row.name, row.price, row.inv, 'true', 'Imported'].join(','));
  }
  return `${lines.join('\n')}\n`;
}

describe('CSV import', () => {
  it('previews a 50-row file with 2 bad rows: line-numbered product-rule errors, nothing written', async () => {
    const csv = fiftyRows('BULK', { 10: { price: '-3.00' }, 38: { name: '' } });
    const res = await importCsv(csv, true);
    expect(res.statusCode, res.body).toBe(200);
    const result: ImportResult = res.json();
    expect(result).toMatchObject({ dry_run: true, ok: false, rows: 50 });
    expect(result.errors).toEqual([
      { line: 12, field: 'price', message: 'Price must be 0 or greater' },
      { line: 40, field: 'name', message: 'Product name is required' },
    ]);
    expect(await count('products')).toBe(0);
  });

  it('refuses the real import of a file with errors with a 422 and writes nothing', async () => {
    const csv = fiftyRows('BULK', { 10: { price: '-3.00' }, 38: { name: '' } });
    const res = await importCsv(csv, false);
    expect(res.statusCode).toBe(422);
    expect(res.json().error).toMatchObject({
      code: 'import_invalid',
      message: 'Nothing was imported: the file has 2 errors',
      details: { errors: [expect.objectContaining({ line: 12 }), expect.objectContaining({ line: 40 })] },
    });
    expect(await count('products')).toBe(0);
    expect(await count('categories')).toBe(0);
  });

  it('imports the fixed file: every row, in one go', async () => {
    const csv = fiftyRows('BULK');
    const preview: ImportResult = (await importCsv(csv, true)).json();
    expect(preview).toMatchObject({
      ok: true,
      products: { created: 50, updated: 0 },
      new_categories: ['Imported'],
    });
    expect(preview.preview[0]).toEqual({
      line: 2,
      kind: 'product',
      action: 'create',
      sku: 'BULK-0',
      name: 'Bulk Item 0',
      price: 1050,
      inventory_level: 0,
    });
    expect(await count('products')).toBe(0);

    const res = await importCsv(csv, false);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ dry_run: false, ok: true, products: { created: 50, updated: 0 } });
    expect(await count('products')).toBe(50);
    const [row] = await queryRows<{
      price: number;
      inventory_level: number;
      slug: string;
      categories: number;
    }>(
      suite.ctx.db,
      sql`SELECT price, inventory_level, slug,
        (SELECT count(*)::int FROM product_categories pc WHERE pc.product_id = p.id) AS categories
        FROM products p WHERE sku = 'BULK-7'`,
    );
    expect(row).toEqual({ price: 1750, inventory_level: 7, slug: 'bulk-item-7', categories: 1 });
  });

  it('updates rows whose SKU exists; a blank cell keeps the current value', async () => {
    const csv =
      'sku,name,price,inventory_level,sale_price\nBULK-1,Bulk Item One,99.99,,\nBULK-2,Bulk Item 2,,5,0\n';
    const res = await importCsv(csv, false);
    expect(res.json()).toMatchObject({ ok: true, products: { created: 0, updated: 2 } });
    const rows = await queryRows<{ sku: string; name: string; price: number; inventory_level: number }>(
      suite.ctx.db,
      sql`SELECT sku, name, price, inventory_level FROM products WHERE sku IN ('BULK-1', 'BULK-2') ORDER BY sku`,
    );
    expect(rows).toEqual([
      { sku: 'BULK-1', name: 'Bulk Item One', price: 9999, inventory_level: 1 },
      { sku: 'BULK-2', name: 'Bulk Item 2', price: 1250, inventory_level: 5 },
    ]);
  });

  it('reports every kind of bad cell by its line, counting lines inside quoted cells', async () => {
    const csv = [
      'sku,name,description,price,cost_price,sale_price,inventory_level,inventory_warning_level,weight,condition,type,is_featured',
      'OK-1,Fine,"A description',
      'over two lines",1,,,,,,,,',
      'E-1,Bad price,,abc,,,,,,,,',
      'E-2,Bad cost,,1,-1,,,,,,,',
      'E-3,Bad sale,,1,,-1,,,,,,',
      'E-4,Bad stock,,1,,,-4,,,,,',
      'E-5,Bad warning,,1,,,,-1,,,,',
      'E-6,Bad weight,,1,,,,,-2,,,',
      'E-7,Bad condition,,1,,,,,,Broken,,',
      'E-8,Bad type,,1,,,,,,,service,',
      'E-9,Bad flag,,1,,,,,,,,maybe',
      ',No SKU,,1,,,,,,,,',
      'OK-1,Twice,,1,,,,,,,,',
      'E-10,Half stock,,1,,,2.5,,,,,',
    ].join('\n');
    const result: ImportResult = (await importCsv(csv, true)).json();
    expect(result.errors.map((e) => [e.line, e.message])).toEqual([
      [4, 'Price must be a number'],
      [5, 'Cost price must be 0 or greater'],
      [6, 'Sale price must be 0 or greater'],
      [7, 'Inventory must be 0 or greater'],
      [8, 'Warning level must be 0 or greater'],
      [9, 'Weight must be 0 or greater'],
      [10, 'Condition must be one of: New, Used, Refurbished'],
      [11, 'Type must be one of: physical, digital'],
      [12, 'is_featured must be true or false'],
      [13, 'SKU is required'],
      [14, 'SKU "OK-1" appears more than once (first on line 2)'],
      [15, 'Inventory must be a whole number'],
    ]);
  });

  it('checks the header: unknown columns and the required sku and name columns', async () => {
    const result: ImportResult = (await importCsv('sku,title,prise\nA,B,1\n', true)).json();
    expect(result.errors).toEqual([
      { line: 1, field: 'title', message: 'Unknown column "title"' },
      { line: 1, field: 'prise', message: 'Unknown column "prise"' },
      { line: 1, field: 'name', message: 'The file needs a "name" column' },
    ]);
    const broken: ImportResult = (await importCsv('sku,name\n"A,B\n', true)).json();
    expect(broken.errors[0]!.message).toMatch(/^The file is not valid CSV/);
  });

  it('streams progress lines while it writes when asked for NDJSON, then the result', async () => {
    const send = (csv: string) =>
      suite.ctx.app.inject({
        method: 'POST',
        url: '/api/admin/products/import',
        headers: { cookie: suite.manager, 'content-type': 'text/csv', accept: 'application/x-ndjson' },
        payload: csv,
      });
    const res = await send(fiftyRows('STREAM'));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    const lines = res.body
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines[0]).toEqual({ type: 'progress', done: 0, total: 50 });
    expect(lines.filter((l) => l.type === 'progress').map((l) => l.done)).toEqual([0, 25, 50]);
    expect(lines.at(-1)).toMatchObject({ type: 'result', result: { ok: true, products: { created: 50 } } });

    // A file with errors is still refused before anything is streamed.
    const bad = await send(fiftyRows('STREAMBAD', { 3: { price: 'x' } }));
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.details.errors).toEqual([
      { line: 5, field: 'price', message: 'Price must be a number' },
    ]);
  });

  it('refuses a body that is not CSV text', async () => {
    const res = await suite.ctx.app.inject({
      method: 'POST',
      url: '/api/admin/products/import',
      headers: { cookie: suite.manager },
      payload: { rows: [] },
    });
    expect(res.statusCode).toBe(415);
  });

  it('imports variant rows: options and values are created, the combination is linked', async () => {
    const csv = [
      'sku,variant_of,name,price,inventory_level,options',
      'VTEE,,Variant Tee,20.00,3,',
      'VTEE-s-red,VTEE,,21.00,4,Size: S | Color: Red',
      'VTEE-m-red,VTEE,,,,Size: M | Color: Red',
      'VTEE-dup,VTEE,,,,Color: red | Size: s',
      'ORPHAN-1,NOPE,,,,Size: S',
    ].join('\n');
    const check: ImportResult = (await importCsv(csv, true)).json();
    expect(check.errors.map((e) => [e.line, e.message])).toEqual([
      [5, 'Variant "VTEE-s-red" of VTEE already has these options'],
      [6, 'Product with SKU "NOPE" not found'],
    ]);

    const fixed = csv.split('\n').slice(0, 4).join('\n');
    const res = await importCsv(fixed, false);
    expect(res.json()).toMatchObject({ ok: true, products: { created: 1 }, variants: { created: 2 } });
    const [row] = await queryRows<{ id: string }>(
      suite.ctx.db,
      sql`SELECT id FROM products WHERE sku = 'VTEE'`,
    );
    const product: AdminProductDetail = (
      await suite.ctx.app.inject({
        method: 'GET',
        url: `/api/admin/products/${row!.id}`,
        headers: { cookie: suite.manager },
      })
    ).json();
    expect(product.options.map((o) => [o.name, o.values.map((v) => v.label)])).toEqual([
      ['Size', ['S', 'M']],
      ['Color', ['Red']],
    ]);
    expect(product.variants.map((v) => [v.sku, v.price, v.inventory_level, v.title])).toEqual([
      ['VTEE-s-red', 2100, 4, 'S / Red'],
      ['VTEE-m-red', 2000, 3, 'M / Red'],
    ]);

    // Importing again updates the variant in place.
    const again: ImportResult = (
      await importCsv('sku,variant_of,name,price\nVTEE-m-red,VTEE,,25.00\n', false)
    ).json();
    expect(again.variants).toEqual({ created: 0, updated: 1 });
  });
});

describe('CSV export', () => {
  let source: TestContext;
  let sourceCookie: string;

  beforeAll(async () => {
    source = await createTestApp();
    sourceCookie = (await signUpAs(source.app, source.db, 'manager')).cookie;
    const brand = await createBrand(source.db, { name: 'Northwind', slug: 'northwind' });
    const cat = await createCategory(source.db, { name: 'Outdoor', slug: 'outdoor' });
    const cat2 = await createCategory(source.db, { name: 'Gifts', slug: 'gifts' });
    const tee = await createProduct(
      source.db,
      {
        name: 'Export Tee',
        sku: 'EXP-TEE',
        slug: 'export-tee',
        description: 'Soft, "cotton" tee.\nTwo lines.',
        price: 2500,
        costPrice: 1000,
        salePrice: 1999,
        inventoryLevel: 8,
        weight: 0.5,
        brandId: brand.id,
        isFeatured: true,
        seoTitle: 'Export Tee, soft cotton',
        seoDescription: 'A soft, "cotton" tee.',
        createdAt: new Date('2026-01-02T00:00:00Z'),
      },
      { categoryIds: [cat.id, cat2.id], images: 2 },
    );
    const size = await createOption(source.db, tee.id, 'Size', ['S', 'M']);
    await createVariant(source.db, tee.id, [size.values[0]!.id], {
      sku: 'EXP-TEE-s',
      price: 2500,
      costPrice: 1000,
    });
    await createVariant(source.db, tee.id, [size.values[1]!.id], { sku: 'EXP-TEE-m', price: 2700 });
    await createProduct(
      source.db,
      {
        name: '=HYPERLINK("http://evil")',
        sku: 'EXP-EVIL',
        slug: 'exp-evil',
        // A blank weight imports as the default weight 0, so the round trip compares 0 with 0.
        weight: 0,
        isVisible: false,
        createdAt: new Date('2026-01-01T00:00:00Z'),
      },
      { images: 0 },
    );
    await createProduct(source.db, { name: 'Gone', sku: 'EXP-GONE', deletedAt: new Date() });
  });
  afterAll(async () => source?.close());

  async function exportCsv(query = '') {
    const res = await source.app.inject({
      method: 'GET',
      url: `/api/admin/products/export${query}`,
      headers: { cookie: sourceCookie },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res;
  }

  it('streams products followed by their variants as a CSV download', async () => {
    const res = await exportCsv();
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = parse(res.body, { columns: true }) as Array<Record<string, string>>;
    expect(rows.map((r) => [r.sku, r.variant_of])).toEqual([
      ['EXP-TEE', ''],
      ['EXP-TEE-s', 'EXP-TEE'],
      ['EXP-TEE-m', 'EXP-TEE'],
      ['EXP-EVIL', ''],
    ]);
    expect(rows[0]).toMatchObject({
      name: 'Export Tee',
      slug: 'export-tee',
      description: 'Soft, "cotton" tee.\nTwo lines.',
      price: '25.00',
      cost_price: '10.00',
      sale_price: '19.99',
      inventory_level: '8',
      inventory_warning_level: '5',
      weight: '0.5',
      is_visible: 'true',
      is_featured: 'true',
      condition: 'New',
      type: 'physical',
      brand: 'Northwind',
      categories: 'Gifts | Outdoor',
      seo_title: 'Export Tee, soft cotton',
      seo_description: 'A soft, "cotton" tee.',
    });
    expect(rows[0]!.image_urls!.split(' | ')).toHaveLength(2);
    expect(rows[1]).toMatchObject({ price: '25.00', cost_price: '10.00', options: 'Size: S', name: '' });
    expect(rows[2]).toMatchObject({ price: '27.00', cost_price: '', options: 'Size: M' });
    // A formula-looking name is defused for spreadsheets.
    expect(rows[3]!.name).toBe('\'=HYPERLINK("http://evil")');
  });

  it('exports only what the status and search filters select', async () => {
    const drafts = parse((await exportCsv('?status=draft')).body, { columns: true }) as Array<
      Record<string, string>
    >;
    expect(drafts.map((r) => r.sku)).toEqual(['EXP-EVIL']);
    const searched = parse((await exportCsv('?search=tee')).body, { columns: true }) as Array<
      Record<string, string>
    >;
    expect(searched.map((r) => r.sku)).toEqual(['EXP-TEE', 'EXP-TEE-s', 'EXP-TEE-m']);
  });

  it('can be imported back into another shop unchanged', async () => {
    const target = await createTestApp();
    const targetCookie = (await signUpAs(target.app, target.db, 'manager')).cookie;
    const csv = (await exportCsv()).body;
    const res = await target.app.inject({
      method: 'POST',
      url: '/api/admin/products/import',
      headers: { cookie: targetCookie, 'content-type': 'text/csv' },
      payload: csv,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      products: { created: 2 },
      variants: { created: 2 },
      new_brands: ['Northwind'],
      new_categories: ['Gifts', 'Outdoor'],
    });
    const reexport = await target.app.inject({
      method: 'GET',
      url: '/api/admin/products/export',
      headers: { cookie: targetCookie },
    });
    const strip = (body: string) =>
      (parse(body, { columns: true }) as Array<Record<string, string>>).map(({ slug: _, ...r }) => r);
    // Same products in the same order (import keeps file order; export is newest first, so compare as sets).
    const sortBySku = (rows: Array<Record<string, string>>) =>
      rows.sort((a, b) => a.sku!.localeCompare(b.sku!));
    expect(sortBySku(strip(reexport.body))).toEqual(sortBySku(strip(csv)));
    await target.close();
  });

  it('guards formula cells, list lines included (a spreadsheet reads "- 1+2" as a formula)', () => {
    expect(guardCell('=1+1')).toBe("'=1+1");
    expect(guardCell('+44 123')).toBe("'+44 123");
    expect(guardCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(guardCell('-5')).toBe("'-5");
    expect(guardCell('- 1+2')).toBe("'- 1+2");
    expect(guardCell('- a list line')).toBe("'- a list line");
    expect(guardCell('Plain')).toBe('Plain');
  });
});
