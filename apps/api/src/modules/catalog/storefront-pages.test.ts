import { PRODUCT_IMAGE_SIZES } from '@cartwheel/shared/images';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appWithSitesPerFile, STOREFRONT_SHELL } from '../../../test/catalog-sites.ts';
import { createBrand, createProduct } from '../../../test/factories.ts';
import { productImages } from './catalog.schema.ts';

const suite = appWithSitesPerFile({
  'storefront/index.html': STOREFRONT_SHELL,
  'admin/index.html': '<!doctype html><title>admin shell</title>',
});
const { get } = suite;

describe("the product page's static shell", () => {
  it('fills the product template with the product, HTML-escaped, on its page', async () => {
    const brand = await createBrand(suite.ctx.db, { name: 'Acme & Sons' });
    await createProduct(suite.ctx.db, {
      name: 'Mug <b>"Big"</b>',
      slug: 'shell-mug',
      brandId: brand.id,
      description: 'Holds a lot.\nDishwasher safe.',
    });
    const res = await get('/product/shell-mug');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(
      '<main><h1>Mug &lt;b&gt;&quot;Big&quot;&lt;/b&gt;</h1><p>Acme &amp; Sons</p>' +
        '<img alt="Mug &lt;b&gt;&quot;Big&quot;&lt;/b&gt; 1" src="/demo-images/test-',
    );
    expect(res.body).toMatch(
      /class="aspect-square w-full object-cover" \/><p>Holds a lot\.\nDishwasher safe\.<\/p><\/main>/,
    );
    expect(res.body).not.toContain('<template');
  });

  it("draws the main image as the app's gallery does: its copies, sizes, box and high priority", async () => {
    const product = await createProduct(suite.ctx.db, { name: 'Lamp', slug: 'shell-lamp' });
    const copies = [320, 640].map((width) => ({
      width,
      avif: `/uploads/lamp-${width}.avif`,
      webp: `/uploads/lamp-${width}.webp`,
    }));
    await suite.ctx.db
      .update(productImages)
      .set({ url: '/uploads/lamp.webp', variants: copies })
      .where(eq(productImages.productId, product.id));
    const res = await get('/product/shell-lamp');
    expect(res.statusCode).toBe(200);
    const sizes = `sizes="${PRODUCT_IMAGE_SIZES}"`;
    expect(res.body).toContain(
      '<picture class="contents"><source type="image/avif" ' +
        `srcset="/uploads/lamp-320.avif 320w, /uploads/lamp-640.avif 640w" ${sizes} />` +
        '<img alt="Lamp 1" src="/uploads/lamp.webp" ' +
        `srcset="/uploads/lamp-320.webp 320w, /uploads/lamp-640.webp 640w" ${sizes}` +
        ' width="800" height="800" loading="eager" fetchpriority="high" decoding="async"' +
        ' class="aspect-square w-full object-cover" /></picture>',
    );
  });

  it('draws the placeholder, named after the product, for a product without images', async () => {
    await createProduct(suite.ctx.db, { name: 'Bare', slug: 'shell-bare' }, { images: 0 });
    const res = await get('/product/shell-bare');
    expect(res.body).toContain('<img alt="Bare" src="/placeholder.svg" width="800" height="800"');
    expect(res.body).not.toContain('<picture');
  });

  it('serves the loading placeholder with the 404 of an unknown product', async () => {
    const res = await get('/product/no-such-product');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<p>Loading...</p>');
    expect(res.body).not.toContain('<template');
  });
});
