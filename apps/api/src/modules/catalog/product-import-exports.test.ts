import type { AdminProductDetail } from '@cartwheel/shared/contracts/admin-products';
import type { ImportResult } from '@cartwheel/shared/contracts/product-import';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { managerAppPerFile } from '../../../test/catalog-app.ts';
import { fixture, importer } from '../../../test/product-import.ts';
import { queryRows } from '../../db/client.ts';

// Whole exports as Shopify's and WooCommerce's exporters write them (every column in their order,
// quoted multi-line HTML with commas and quotes, image-only rows, variations naming their parent by
// id:NN and by SKU, drafts), written by hand from the documented formats: e2e/fixtures/*-export.csv.
// Each import starts from an empty catalog, so "nothing else lands" is a count of every table.

const SHOPIFY = fixture('shopify-export.csv');
const WOO = fixture('woocommerce-export.csv');

/** What the product editor shows of a product, in a few comparable fields. */
const summary = (p: AdminProductDetail) => ({
  name: p.name,
  slug: p.slug,
  price: p.price,
  sale_price: p.sale_price,
  inventory_level: p.inventory_level,
  weight: p.weight,
  is_visible: p.is_visible,
  is_featured: p.is_featured,
  brand: p.brand?.name ?? null,
  categories: p.categories.map((c) => c.name).sort(),
  seo_title: p.seo_title,
  seo_description: p.seo_description,
});
const variantsOf = (p: AdminProductDetail) =>
  p.variants.map((v) => [v.sku, v.title, v.price, v.sale_price, v.inventory_level, v.weight]);
const optionsOf = (p: AdminProductDetail) => p.options.map((o) => [o.name, o.values.map((v) => v.label)]);

describe("a Shopify product export (Shopify's full header)", () => {
  const suite = managerAppPerFile();
  const { send, count, product } = importer(suite);

  it('previews every row: products, variants, prices, sale prices and the search engine listing', async () => {
    const res = await send(SHOPIFY, true);
    expect(res.statusCode, res.body).toBe(200);
    const result: ImportResult = res.json();
    expect(result).toMatchObject({
      format: 'shopify',
      ok: true,
      rows: 7,
      errors: [],
      products: { created: 3, updated: 0 },
      variants: { created: 4, updated: 0 },
      new_brands: ['Coastline Outfitters', 'Kiln & Co'],
      images_to_fetch: 3,
    });
    expect(
      result.preview.map((r) => [
        r.line,
        r.kind,
        r.sku,
        r.options ?? null,
        r.price,
        r.sale_price ?? null,
        r.seo_title ?? null,
      ]),
    ).toEqual([
      // The quoted description spans lines 2-6 of the file; the first variant shares its row.
      [
        2,
        'product',
        'coastal-rain-jacket',
        null,
        9500,
        null,
        'Coastal Rain Jacket | Waterproof, packable shell',
      ],
      [2, 'variant', 'CRJ-S-OLV', 'Size: S / Color: Olive', 12000, 8900, null],
      [7, 'variant', 'CRJ-M-OLV', 'Size: M / Color: Olive', 12000, 8900, null],
      [8, 'variant', 'coastal-rain-jacket-m-slate', 'Size: M / Color: Slate', 9500, null, null],
      [9, 'variant', 'CRJ-L-SLT', 'Size: L / Color: Slate', 9500, null, null],
      [11, 'product', 'SPO-01', null, 3400, null, null],
      [12, 'product', 'FNB-3', null, 1400, null, 'Field Notebook 3-Pack'],
    ]);
    expect(result.preview[0]!.seo_description).toBe(
      'A "storm-ready" rain jacket with taped seams, a peaked hood and a cinch hem.',
    );
    expect(await count('products')).toBe(0);
  });

  it('imports exactly what the rows say and nothing else', async () => {
    const res = await send(SHOPIFY, false);
    expect(res.statusCode, res.body).toBe(200);

    const jacket = await product('coastal-rain-jacket');
    expect(summary(jacket)).toEqual({
      name: 'Coastal Rain Jacket',
      slug: 'coastal-rain-jacket',
      price: 9500,
      sale_price: null,
      // A product with variants: its stock is theirs (7 + 4 + 2 + an oversold -2 kept at 0).
      inventory_level: 13,
      weight: 0,
      is_visible: true,
      is_featured: false,
      brand: 'Coastline Outfitters',
      categories: ['Coats & Jackets', 'Jackets', 'outdoor', 'rain'],
      seo_title: 'Coastal Rain Jacket | Waterproof, packable shell',
      seo_description: 'A "storm-ready" rain jacket with taped seams, a peaked hood and a cinch hem.',
    });
    expect(jacket.description).toBe(
      'Our "storm-ready" shell: taped seams, a peaked hood, and a hem that cinches.\n' +
        '- Waterproof, breathable, 2.5-layer\n- Packs into its own pocket',
    );
    expect(optionsOf(jacket)).toEqual([
      ['Size', ['S', 'M', 'L']],
      ['Color', ['Olive', 'Slate']],
    ]);
    expect(variantsOf(jacket)).toEqual([
      ['CRJ-S-OLV', 'S / Olive', 12000, 8900, 7, 1.411],
      ['CRJ-M-OLV', 'M / Olive', 12000, 8900, 4, 1.499],
      ['coastal-rain-jacket-m-slate', 'M / Slate', 9500, null, 2, 1.499],
      ['CRJ-L-SLT', 'L / Slate', 9500, null, 0, 1.587],
    ]);

    expect(summary(await product('SPO-01'))).toEqual({
      name: 'Stoneware Pour-Over',
      slug: 'stoneware-pour-over',
      price: 3400,
      sale_price: null,
      inventory_level: 15,
      weight: 0.992,
      is_visible: true,
      is_featured: false,
      brand: 'Kiln & Co',
      categories: ['Coffee', 'Pour-Over Coffee Makers'],
      seo_title: '',
      seo_description: '',
    });
    const notebook = await product('FNB-3');
    expect(summary(notebook)).toMatchObject({
      slug: 'field-notebook-3-pack',
      price: 1400,
      inventory_level: 30,
      // Status draft: imported, kept out of the store.
      is_visible: false,
      categories: ['Stationery', 'paper'],
      seo_title: 'Field Notebook 3-Pack',
      seo_description: '',
    });
    expect(notebook.variants).toEqual([]);

    // The image-only row is the jacket's third image, fetched by the background job in position order.
    const images = await queryRows<{ sku: string; source_url: string; alt_text: string | null }>(
      suite.ctx.db,
      sql`SELECT p.sku, i.source_url, i.alt_text FROM product_image_imports i
        JOIN products p ON p.id = i.product_id ORDER BY i.position`,
    );
    expect(images).toEqual([
      {
        sku: 'coastal-rain-jacket',
        source_url: 'http://127.0.0.1/cdn.shopify/files/crj-olive.jpg',
        alt_text: 'Coastal Rain Jacket in olive',
      },
      {
        sku: 'coastal-rain-jacket',
        source_url: 'http://127.0.0.1/cdn.shopify/files/crj-hood.jpg',
        alt_text: 'The peaked hood',
      },
      {
        sku: 'coastal-rain-jacket',
        source_url: 'http://127.0.0.1/cdn.shopify/files/crj-packed.jpg',
        alt_text: 'Packed into its pocket',
      },
    ]);
    expect({
      products: await count('products'),
      variants: await count('product_variants'),
      options: await count('product_options'),
      values: await count('product_option_values'),
      brands: await count('brands'),
      categories: await count('categories'),
      images: await count('product_images'),
    }).toEqual({ products: 3, variants: 4, options: 2, values: 5, brands: 2, categories: 8, images: 0 });

    // The store shows the active products with their listing, not the draft.
    const live = await suite.ctx.app.inject({ method: 'GET', url: '/api/products/coastal-rain-jacket' });
    expect(live.json()).toMatchObject({
      seo_title: 'Coastal Rain Jacket | Waterproof, packable shell',
      variants: [
        { sku: 'CRJ-S-OLV' },
        { sku: 'CRJ-M-OLV' },
        { sku: 'coastal-rain-jacket-m-slate' },
        { sku: 'CRJ-L-SLT' },
      ],
    });
    const draft = await suite.ctx.app.inject({ method: 'GET', url: '/api/products/field-notebook-3-pack' });
    expect(draft.statusCode).toBe(404);
  });
});

describe("a WooCommerce product export (WooCommerce's exporter header)", () => {
  const suite = managerAppPerFile();
  const { send, count, product } = importer(suite);

  it('previews variable products with their variations, a simple product and a draft', async () => {
    const result: ImportResult = (await send(WOO, true)).json();
    expect(result).toMatchObject({
      format: 'woocommerce',
      ok: true,
      rows: 8,
      errors: [],
      products: { created: 4, updated: 0 },
      variants: { created: 4, updated: 0 },
      new_brands: ['Ridgeline'],
      images_to_fetch: 3,
    });
    expect(
      result.preview.map((r) => [r.line, r.kind, r.sku, r.options ?? null, r.price, r.sale_price ?? null]),
    ).toEqual([
      [2, 'product', 'TRAIL-TEE', null, 3600, null],
      // Parent "TRAIL-TEE": the parent's SKU.
      [4, 'variant', 'TRAIL-TEE-FOREST-S', 'Color: Forest / Size: S', 3600, 2900],
      [5, 'variant', 'TRAIL-TEE-SAND-M', 'Color: Sand / Size: M', 3800, null],
      // No SKU of its own: made from the name; its variations name it "id:220".
      [6, 'product', 'canvas-tote', null, 4200, null],
      [7, 'variant', 'TOTE-NAT', 'Color: Natural', 4200, null],
      [8, 'variant', 'TOTE-BLK', 'Color: Black', 4200, 3950],
      [9, 'product', 'ENAMEL-MUG', null, 1600, null],
      [10, 'product', 'WOOL-BEANIE', null, 2400, null],
    ]);
    expect(result.preview[0]).toMatchObject({
      seo_title: 'Trail Tee, merino blend',
      seo_description: 'A merino tee for long days outside.',
    });
    expect(await count('products')).toBe(0);
  });

  it('imports exactly what the rows say and nothing else', async () => {
    expect((await send(WOO, false)).statusCode).toBe(200);
    const tee = await product('TRAIL-TEE');
    expect(summary(tee)).toEqual({
      name: 'Trail Tee',
      slug: 'trail-tee',
      price: 3600,
      sale_price: null,
      inventory_level: 9,
      weight: 0.397,
      is_visible: true,
      is_featured: false,
      brand: 'Ridgeline',
      categories: ['Outdoor', 'Tees'],
      seo_title: 'Trail Tee, merino blend',
      seo_description: 'A merino tee for long days outside.',
    });
    expect(tee.description).toBe(
      'Soft merino blend, "no itch" promise.\nCut for climbing, hiking, and long days.',
    );
    expect(optionsOf(tee)).toEqual([
      ['Color', ['Forest', 'Sand']],
      ['Size', ['S', 'M']],
    ]);
    expect(variantsOf(tee)).toEqual([
      ['TRAIL-TEE-FOREST-S', 'Forest / S', 3600, 2900, 6, null],
      ['TRAIL-TEE-SAND-M', 'Sand / M', 3800, null, 3, null],
    ]);

    const tote = await product('canvas-tote');
    expect(summary(tote)).toMatchObject({
      name: 'Canvas Tote',
      price: 4200,
      brand: null,
      categories: ['Bags'],
    });
    // Backordered (-1) is no stock here.
    expect(variantsOf(tote)).toEqual([
      ['TOTE-NAT', 'Natural', 4200, null, 9, null],
      ['TOTE-BLK', 'Black', 4200, 3950, 0, null],
    ]);

    expect(summary(await product('ENAMEL-MUG'))).toEqual({
      name: 'Enamel Trail Mug',
      slug: 'enamel-trail-mug',
      price: 1600,
      sale_price: null,
      inventory_level: 25,
      weight: 0.551,
      is_visible: true,
      is_featured: true,
      brand: 'Ridgeline',
      categories: ['Gifts', 'Mugs'],
      seo_title: '',
      seo_description: '',
    });
    // Published -1 is a draft.
    expect(summary(await product('WOOL-BEANIE'))).toMatchObject({
      price: 2400,
      inventory_level: 12,
      is_visible: false,
      categories: ['Accessories'],
    });

    expect({
      products: await count('products'),
      variants: await count('product_variants'),
      options: await count('product_options'),
      values: await count('product_option_values'),
      brands: await count('brands'),
      categories: await count('categories'),
      pending_images: await count('product_image_imports'),
    }).toEqual({
      products: 4,
      variants: 4,
      options: 3,
      values: 6,
      brands: 1,
      categories: 6,
      pending_images: 3,
    });
  });
});
