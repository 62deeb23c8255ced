import type { ImportResult } from '@cartwheel/shared/contracts/product-import';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { managerAppPerFile } from '../../../test/catalog-app.ts';
import { fixture, importer } from '../../../test/product-import.ts';
import { queryRows } from '../../db/client.ts';

// Shopify and WooCommerce product CSVs through the same import: a few columns each, small enough to
// change one cell by line (re-imports, a script in the HTML, bad cells and their line numbers).
// Whole exports with every column: product-import-exports.test.ts.

const SHOPIFY = fixture('shopify-products.csv');
const WOO = fixture('woocommerce-products.csv');

/** The CSV with one cell replaced: `line` (1 is the header), the column named `column`. */
function withCell(csv: string, line: number, column: string, value: string): string {
  const lines = csv.trimEnd().split('\n');
  const header = lines[0]!.split(',');
  const cells = lines[line - 1]!.split(',');
  cells[header.indexOf(column)] = value;
  lines[line - 1] = cells.join(',');
  return `${lines.join('\n')}\n`;
}

describe('Shopify product CSV', () => {
  const suite = managerAppPerFile();
  const { send, count, product } = importer(suite);

  it('imports options, variants, prices, brand, categories, a text description without scripts, the handle as slug', async () => {
    const res = await send(SHOPIFY, false);
    expect(res.statusCode, res.body).toBe(200);
    const shirt = await product('harbor-linen-shirt');
    expect(shirt).toMatchObject({
      name: 'Harbor Linen Shirt',
      slug: 'harbor-linen-shirt',
      is_visible: true,
      brand: { name: 'Harbor & Co' },
    });
    expect(shirt.description).toBe('A breezy linen shirt & a relaxed fit.\n- Garment dyed\n- Corozo buttons');
    expect(shirt.categories.map((c) => c.name).sort()).toEqual(['Shirts', 'linen', 'summer']);
    expect(shirt.options.map((o) => [o.name, o.values.map((v) => v.label)])).toEqual([
      ['Size', ['S', 'M', 'L']],
      ['Color', ['Sand', 'Navy']],
    ]);
    expect(
      shirt.variants.map((v) => [v.sku, v.title, v.price, v.sale_price, v.inventory_level, v.weight]),
    ).toEqual([
      ['HLS-S-SAND', 'S / Sand', 6000, 4800, 5, 0.661],
      ['harbor-linen-shirt-m-sand', 'M / Sand', 4800, null, 3, 0.705],
      ['HLS-L-NAVY', 'L / Navy', 5200, null, 0, 0.75],
    ]);
    const candle = await product('DWC-1');
    expect(candle).toMatchObject({
      slug: 'driftwood-candle',
      price: 2200,
      sale_price: 1850,
      inventory_level: 12,
    });
    expect(candle.variants).toEqual([]);
    const pending = await queryRows<{ source_url: string; alt_text: string | null; status: string }>(
      suite.ctx.db,
      sql`SELECT source_url, alt_text, status FROM product_image_imports ORDER BY position`,
    );
    expect(pending).toEqual([
      {
        source_url: 'https://cdn.shopify.example/harbor-front.jpg',
        alt_text: 'Harbor Linen Shirt in sand',
        status: 'pending',
      },
      { source_url: 'https://cdn.shopify.example/harbor-back.jpg', alt_text: 'Back view', status: 'pending' },
    ]);
    // Importing the same file again updates in place and does not queue the images twice.
    const again: ImportResult = (await send(SHOPIFY, false)).json();
    expect(again).toMatchObject({
      products: { created: 0, updated: 2 },
      variants: { created: 0, updated: 3 },
    });
    expect(await count('product_image_imports')).toBe(2);
  });

  it('redirects the old Shopify address /products/:handle permanently to the product page', async () => {
    const res = await suite.ctx.app.inject({ method: 'GET', url: '/products/harbor-linen-shirt?variant=42' });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/product/harbor-linen-shirt');
    const unknown = await suite.ctx.app.inject({ method: 'GET', url: '/products/no-such-handle' });
    expect(unknown.statusCode).toBe(404);
  });

  it('reports bad rows by their CSV line and writes nothing', async () => {
    let csv = SHOPIFY.replaceAll('harbor-linen-shirt', 'harbor-two')
      .replaceAll('DWC-1', 'DWC-2')
      .replaceAll('HLS-', 'H2-');
    csv = withCell(csv, 3, 'Variant Price', 'abc');
    csv = withCell(csv, 4, 'Option2 Value', '');
    csv = withCell(csv, 5, 'Image Src', 'ftp://files.example/candle.jpg');
    const res = await send(csv, false);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.details.errors).toEqual([
      { line: 3, field: 'Variant Price', message: 'Variant Price must be a number' },
      {
        line: 4,
        field: 'Option2 Value',
        message: 'Option2 Value is required (the product has the option "Color")',
      },
      {
        line: 5,
        field: 'Image Src',
        message: 'Image "ftp://files.example/candle.jpg" is not an http:// or https:// address',
      },
    ]);
    expect(await count('products')).toBe(2);
    const noTitle = withCell(
      SHOPIFY.replaceAll('driftwood-candle', 'new-candle').replace('DWC-1', 'DWC-9'),
      5,
      'Title',
      '',
    );
    const result: ImportResult = (await send(noTitle, true)).json();
    expect(result.errors).toContainEqual({
      line: 5,
      field: 'Title',
      message: 'Title is required on the first row of a product',
    });
  });
});

describe('WooCommerce product CSV', () => {
  const suite = managerAppPerFile();
  const { send, count, product } = importer(suite);

  it('imports variations with options and cents, weight in pounds, leaf categories', async () => {
    expect((await send(WOO, false)).statusCode).toBe(200);
    const hoodie = await product('MH');
    expect(hoodie).toMatchObject({ name: 'Meadow Hoodie', slug: 'meadow-hoodie', price: 5500 });
    expect(hoodie.description).toBe('Brushed fleece inside, garment dyed outside.');
    expect(hoodie.variants.map((v) => [v.sku, v.title, v.price, v.sale_price, v.inventory_level])).toEqual([
      ['MH-MOSS-S', 'Moss / S', 5500, 4500, 4],
      ['MH-clay-m', 'Clay / M', 5800, null, 6],
    ]);
    const mug = await product('CM-1');
    expect(mug).toMatchObject({ price: 1400, inventory_level: 20, weight: 0.882, is_featured: true });
    expect(mug.categories.map((c) => c.name).sort()).toEqual(['Gifts', 'Mugs']);
  });

  it('reports an unknown parent and an unknown type by line, and writes nothing', async () => {
    let csv = WOO.replaceAll('MH', 'XH').replaceAll('CM-1', 'CM-2').replaceAll('id:101', 'id:999');
    csv = `${csv}105,bundle,GR-1,Gift Set,1,0,visible,,,,,taxable,,1,,,0,0,,,,,1,,,,,,,,,,,,,,,,0,,,,,,,,\n`;
    const res = await send(csv, false);
    expect(res.statusCode).toBe(422);
    expect(res.json().error.details.errors).toEqual([
      { line: 3, field: 'Parent', message: 'Parent "id:999" is not a product in this file' },
      { line: 4, field: 'Parent', message: 'Parent "id:999" is not a product in this file' },
      {
        line: 6,
        field: 'Type',
        message: 'Type "bundle" is not imported: use simple, variable or variation',
      },
    ]);
    expect(await count('products')).toBe(2);
  });
});

describe('grouped and external products in an export (skipped, with the reason)', () => {
  const suite = managerAppPerFile();
  const { send, count, product } = importer(suite);
  const GROUPED = fixture('woocommerce-grouped-external.csv');
  const skippedRows = [
    {
      line: 4,
      name: 'Harbour Set',
      reason:
        'Grouped product: not imported (a grouped product only lists other products; those rows are imported on their own)',
    },
    {
      line: 5,
      name: 'Harbour Field Guide',
      reason: 'External/affiliate product: not imported (it is sold on another site)',
    },
  ];

  it('says in the dry run which rows will be skipped and why, before anything is written', async () => {
    const before = await count('products');
    const res = await send(GROUPED, true);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json() as ImportResult;
    expect(result).toMatchObject({
      ok: true,
      rows: 7,
      errors: [],
      skipped: skippedRows,
      products: { created: 3, updated: 0 },
      variants: { created: 2, updated: 0 },
    });
    expect(result.preview.map((r) => r.sku)).toEqual([
      'WG-TEE',
      'WG-CAP',
      'WG-SOCK',
      'WG-SOCK-S',
      'WG-SOCK-L',
    ]);
    expect(await count('products')).toBe(before);
  });

  it('imports every other row, and none of the skipped ones', async () => {
    const res = await send(GROUPED, false);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as ImportResult).skipped).toEqual(skippedRows);
    expect(await product('WG-TEE')).toMatchObject({ name: 'Harbour Tee', price: 1800, inventory_level: 15 });
    expect(await product('WG-CAP')).toMatchObject({ price: 1600, sale_price: 1400 });
    expect((await product('WG-SOCK')).variants.map((v) => [v.sku, v.price])).toEqual([
      ['WG-SOCK-S', 900],
      ['WG-SOCK-L', 950],
    ]);
    const skus = await queryRows<{ sku: string }>(
      suite.ctx.db,
      sql`SELECT sku FROM products WHERE sku IN ('WG-SET', 'WG-BOOK')`,
    );
    expect(skus).toEqual([]);
  });

  it("skips a Shopify gift card's rows with the reason and imports the rest", async () => {
    const lines = SHOPIFY.trimEnd().split('\n');
    const header = lines[0]!.split(',');
    const card = header.map(
      (column) =>
        ({
          Handle: 'gift-card',
          Title: 'Gift Card',
          'Option1 Name': 'Denominations',
          'Option1 Value': '$25',
          'Variant Price': '25.00',
          'Gift Card': 'TRUE',
          Status: 'active',
        })[column] ?? '',
    );
    const csv = `${[...lines, card.join(',')].join('\n')}\n`;
    const res = await send(csv, true);
    expect(res.statusCode, res.body).toBe(200);
    const result = res.json() as ImportResult;
    expect(result.ok).toBe(true);
    expect(result.skipped).toEqual([
      {
        line: lines.length + 1,
        name: 'Gift Card',
        reason: 'Gift card: not imported (the shop does not sell gift cards)',
      },
    ]);
    expect(result.preview.some((r) => r.name === 'Gift Card')).toBe(false);
  });
});
