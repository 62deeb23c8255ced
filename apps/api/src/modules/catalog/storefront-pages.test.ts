import { describe, expect, it } from 'vitest';
import { appWithSitesPerFile, STOREFRONT_SHELL } from '../../../test/catalog-sites.ts';
import { createBrand, createProduct } from '../../../test/factories.ts';

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
        '<img src="/demo-images/test-',
    );
    expect(res.body).toMatch(
      /alt="Mug &lt;b&gt;&quot;Big&quot;&lt;\/b&gt; 1" \/><p>Holds a lot\.\nDishwasher safe\.<\/p><\/main>/,
    );
    expect(res.body).not.toContain('<template');
  });

  it('serves the loading placeholder with the 404 of an unknown product', async () => {
    const res = await get('/product/no-such-product');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<p>Loading...</p>');
    expect(res.body).not.toContain('<template');
  });
});
