import { PRODUCT_IMAGE_SIZES } from '@cartwheel/shared/images';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appWithSitesPerFile, STOREFRONT_INDEX } from '../../../test/catalog-sites.ts';
import { createBrand, createOption, createProduct, createVariant } from '../../../test/factories.ts';
import { productImages } from './catalog.schema.ts';

const suite = appWithSitesPerFile({
  'storefront/index.html': STOREFRONT_INDEX,
  'admin/index.html': '<!doctype html><title>admin shell</title>',
});
const { get } = suite;

/** The page's #root markup: what a visitor sees before (or without) any script. */
const rootOf = (body: string) =>
  body.slice(body.indexOf('<div id="root">'), body.indexOf('<script id="query-state"'));

describe('the product page as the server renders it (what a browser without JavaScript shows)', () => {
  it('shows the name, brand, price, description and an add-to-cart form, HTML-escaped', async () => {
    const brand = await createBrand(suite.ctx.db, { name: 'Acme & Sons' });
    await createProduct(suite.ctx.db, {
      name: 'Mug <b>"Big"</b>',
      slug: 'ssr-mug',
      brandId: brand.id,
      price: 2400,
      inventoryLevel: 5,
      description: 'Holds a lot.\nDishwasher safe.',
    });
    const res = await get('/product/ssr-mug');
    expect(res.statusCode).toBe(200);
    const root = rootOf(res.body);
    expect(root).toMatch(/<h1[^>]*>Mug &lt;b&gt;&quot;Big&quot;&lt;\/b&gt;<\/h1>/);
    expect(root).toContain('Acme &amp; Sons');
    expect(root).toContain('$24.00');
    expect(root).toContain('Holds a lot.\nDishwasher safe.');
    expect(root).toMatch(/<form[^>]*aria-label="Add Mug &lt;b&gt;&quot;Big&quot;&lt;\/b&gt; to cart"/);
    expect(root).toContain('Add to Cart');
    expect(root).not.toContain('<b>');
  });

  it('shows the variant choices', async () => {
    const product = await createProduct(suite.ctx.db, { name: 'Tee', slug: 'ssr-tee', price: 1500 });
    const { values } = await createOption(suite.ctx.db, product.id, 'size', ['Small', 'Large']);
    await createVariant(suite.ctx.db, product.id, [values[0]!.id], { inventoryLevel: 2 });
    await createVariant(suite.ctx.db, product.id, [values[1]!.id], { inventoryLevel: 2 });
    const root = rootOf((await get('/product/ssr-tee')).body);
    expect(root).toContain('Small');
    expect(root).toContain('Large');
  });

  it('draws the main image with its copies, sizes and box, at high priority', async () => {
    const product = await createProduct(suite.ctx.db, { name: 'Lamp', slug: 'ssr-lamp' });
    const copies = [320, 640].map((width) => ({
      width,
      avif: `/uploads/lamp-${width}.avif`,
      webp: `/uploads/lamp-${width}.webp`,
    }));
    await suite.ctx.db
      .update(productImages)
      .set({ url: '/uploads/lamp.webp', variants: copies })
      .where(eq(productImages.productId, product.id));
    const root = rootOf((await get('/product/ssr-lamp')).body);
    expect(root).toContain(
      `<source type="image/avif" srcSet="/uploads/lamp-320.avif 320w, /uploads/lamp-640.avif 640w" sizes="${PRODUCT_IMAGE_SIZES}"/>`,
    );
    expect(root).toMatch(/<img[^>]*src="\/uploads\/lamp\.webp"[^>]*fetchPriority="high"/);
    expect(root).toMatch(/<img[^>]*width="800" height="800"/);
  });

  it('draws the placeholder for a product without images', async () => {
    await createProduct(suite.ctx.db, { name: 'Bare', slug: 'ssr-bare' }, { images: 0 });
    const root = rootOf((await get('/product/ssr-bare')).body);
    expect(root).toMatch(/<img[^>]*src="\/placeholder.svg"/);
  });

  it('answers an unknown product with a 404 and the Product Not Found page', async () => {
    const res = await get('/product/no-such-product');
    expect(res.statusCode).toBe(404);
    expect(rootOf(res.body)).toContain('Product Not Found');
  });
});

describe('the catalog as the server renders it', () => {
  it('lists products with their prices and links, and pages with links', async () => {
    for (let i = 0; i < 21; i++) {
      await createProduct(suite.ctx.db, {
        name: `Pager Item ${i}`,
        slug: `pager-item-${i}`,
        price: 1000 + i,
      });
    }
    const root = rootOf((await get('/products?search=pager')).body);
    expect(root).toMatch(/href="\/product\/pager-item-\d+"/);
    expect(root).toMatch(/\$10\.\d\d/);
    expect(root).toContain('href="/products?search=pager&amp;page=2"');
  });
});
