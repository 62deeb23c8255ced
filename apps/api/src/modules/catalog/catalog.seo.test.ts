import { scriptSafeJson, summarize } from '@cartwheel/shared/seo';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appWithSitesPerFile, STOREFRONT_INDEX } from '../../../test/catalog-sites.ts';
import { createBrand, createOption, createProduct, createVariant } from '../../../test/factories.ts';
import { products } from './catalog.schema.ts';
import { sitemapPageCount } from './storefront-pages.routes.ts';

const PUBLIC_URL = 'https://shop.example.com';
const suite = appWithSitesPerFile(
  { 'storefront/index.html': STOREFRONT_INDEX, 'admin/index.html': '<title>admin</title>' },
  { PUBLIC_URL },
);
const { get } = suite;

/** The JSON-LD object in a page, parsed. */
function jsonLdOf(html: string): Record<string, unknown> {
  const match = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  expect(match, 'the page has a JSON-LD script').not.toBeNull();
  return JSON.parse(match![1]!);
}
const metaContent = (html: string, property: string) =>
  new RegExp(`<meta property="${property}" content="([^"]*)"`).exec(html)?.[1];

describe('product pages for search engines and link previews', () => {
  it('answers /product/:slug with the page carrying the title, description, canonical, Open Graph and JSON-LD', async () => {
    const brand = await createBrand(suite.ctx.db, { name: 'Northpine' });
    await createProduct(
      suite.ctx.db,
      {
        name: 'Enamel Camp Mug',
        slug: 'enamel-camp-mug',
        sku: 'NP-MUG-1',
        description: 'A 12 oz steel mug.\n\nLight enough for the pack.',
        price: 1600,
        salePrice: 1200,
        inventoryLevel: 4,
        brandId: brand.id,
      },
      { images: 2 },
    );
    const res = await get('/product/enamel-camp-mug');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    // The same page for every visitor: a CDN may keep it until the product's tag is purged.
    expect(res.headers['cache-control']).toContain('s-maxage=');
    const html = res.body;

    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>Enamel Camp Mug | Cartwheel Store</title>');
    expect(html.match(/name="description"/g)).toHaveLength(1);
    expect(html).toContain(
      '<meta name="description" content="A 12 oz steel mug. Light enough for the pack."/>',
    );
    expect(html).toContain('<link rel="canonical" href="https://shop.example.com/product/enamel-camp-mug"/>');
    expect(metaContent(html, 'og:type')).toBe('product');
    expect(metaContent(html, 'og:title')).toBe('Enamel Camp Mug');
    expect(metaContent(html, 'og:description')).toBe('A 12 oz steel mug. Light enough for the pack.');
    expect(metaContent(html, 'og:image')).toMatch(/^https:\/\/shop\.example\.com\/demo-images\/.+\.svg$/);
    // The page itself, in the built index.html with its scripts.
    expect(html).toContain('<script type="module" src="/assets/app-abc123.js"></script>');
    expect(html).toMatch(/<h1[^>]*>Enamel Camp Mug<\/h1>/);

    expect(jsonLdOf(html)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Enamel Camp Mug',
      sku: 'NP-MUG-1',
      description: 'A 12 oz steel mug. Light enough for the pack.',
      url: 'https://shop.example.com/product/enamel-camp-mug',
      image: [expect.stringMatching(/^https:\/\/shop\.example\.com\//), expect.any(String)],
      brand: { '@type': 'Brand', name: 'Northpine' },
      offers: {
        '@type': 'Offer',
        url: 'https://shop.example.com/product/enamel-camp-mug',
        price: '12.00',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
        itemCondition: 'https://schema.org/NewCondition',
      },
    });
  });

  it("uses the product's own SEO title and description when it has them", async () => {
    await createProduct(suite.ctx.db, {
      name: 'Driftwood Candle',
      slug: 'driftwood-candle-seo',
      description: 'Soy wax.',
      seoTitle: 'Driftwood Candle, cedar and sea salt',
      seoDescription: 'A hand-poured soy candle that smells like the coast.',
    });
    const html = (await get('/product/driftwood-candle-seo')).body;
    expect(html).toContain('<title>Driftwood Candle, cedar and sea salt | Cartwheel Store</title>');
    expect(html).toContain(
      '<meta name="description" content="A hand-poured soy candle that smells like the coast."/>',
    );
    expect(metaContent(html, 'og:title')).toBe('Driftwood Candle, cedar and sea salt');
    expect(jsonLdOf(html).description).toBe('A hand-poured soy candle that smells like the coast.');
    // The storefront's product answer carries them for the page's own title.
    const api = (await get('/api/products/driftwood-candle-seo')).json();
    expect(api).toMatchObject({
      seo_title: 'Driftwood Candle, cedar and sea salt',
      seo_description: 'A hand-poured soy candle that smells like the coast.',
    });
  });

  it('escapes a product name and description that contain markup', async () => {
    await createProduct(suite.ctx.db, {
      name: 'Mug "</script><script>alert(1)</script>" & <b>co</b>',
      slug: 'evil-mug',
      description: `It's <img src=x onerror=alert(1)> great`,
    });
    const html = (await get('/product/evil-mug')).body;
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).not.toContain('<img src=x');
    expect(html).not.toContain('<b>co</b>');
    expect(html).toContain(
      '<title>Mug &quot;&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&quot; &amp; &lt;b&gt;co&lt;/b&gt; | Cartwheel Store</title>',
    );
    expect(html).toContain('content="It&#x27;s &lt;img src=x onerror=alert(1)&gt; great"');
    // Exactly one script element closes in the JSON-LD, and it still parses to the real name.
    const ld = jsonLdOf(html);
    expect(ld.name).toBe('Mug "</script><script>alert(1)</script>" & <b>co</b>');
    expect(html).toContain('\\u003c/script\\u003e');
  });

  it('offers the lowest in-stock variant price and says out of stock when nothing is left', async () => {
    const product = await createProduct(suite.ctx.db, { slug: 'sized-tee', price: 9000, inventoryLevel: 0 });
    const { values } = await createOption(suite.ctx.db, product.id, 'size', ['S', 'M', 'L']);
    await createVariant(suite.ctx.db, product.id, [values[0]!.id], { price: 1500, inventoryLevel: 0 });
    await createVariant(suite.ctx.db, product.id, [values[1]!.id], {
      price: 2500,
      salePrice: 2000,
      inventoryLevel: 3,
    });
    await createVariant(suite.ctx.db, product.id, [values[2]!.id], { price: 2600, inventoryLevel: 1 });
    let offers = jsonLdOf((await get('/product/sized-tee')).body).offers as Record<string, string>;
    expect(offers).toMatchObject({ price: '20.00', availability: 'https://schema.org/InStock' });

    const soldOut = await createProduct(suite.ctx.db, { slug: 'sold-out', price: 500, inventoryLevel: 0 });
    offers = jsonLdOf((await get(`/product/${soldOut.slug}`)).body).offers as Record<string, string>;
    expect(offers).toMatchObject({ price: '5.00', availability: 'https://schema.org/OutOfStock' });
  });

  it('reflects a change to the product on the next request', async () => {
    const product = await createProduct(suite.ctx.db, { name: 'Old Name', slug: 'renamed' });
    expect((await get('/product/renamed')).body).toContain('<title>Old Name | Cartwheel Store</title>');
    await suite.ctx.db.update(products).set({ name: 'New Name' }).where(eq(products.id, product.id));
    expect((await get('/product/renamed')).body).toContain('<title>New Name | Cartwheel Store</title>');
  });

  it('answers an unknown, hidden or deleted slug with the Product Not Found page and a 404', async () => {
    await createProduct(suite.ctx.db, { slug: 'hidden-one', isVisible: false });
    await createProduct(suite.ctx.db, { slug: 'deleted-one', deletedAt: new Date() });
    for (const slug of ['no-such-product', 'hidden-one', 'deleted-one']) {
      const res = await get(`/product/${slug}`);
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('Product Not Found</h1>');
      expect(res.body).toContain('<title>Product Not Found | Cartwheel Store</title>');
      expect(res.body).not.toContain('og:type" content="product"');
    }
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('lists the home page, the catalog and every visible product with its last change', async () => {
    const visible = await createProduct(suite.ctx.db, { slug: 'in-the-map' });
    await createProduct(suite.ctx.db, { slug: 'not-in-the-map', isVisible: false });
    await createProduct(suite.ctx.db, { slug: 'deleted-from-map', deletedAt: new Date() });
    const res = await get('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    const xml = res.body;
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    expect(xml).toContain('<url><loc>https://shop.example.com/</loc></url>');
    expect(xml).toContain('<url><loc>https://shop.example.com/products</loc></url>');
    const entry =
      /<url><loc>https:\/\/shop.example.com\/product\/in-the-map<\/loc><lastmod>([^<]+)<\/lastmod><\/url>/.exec(
        xml,
      );
    expect(entry).not.toBeNull();
    expect(new Date(entry![1]!).getTime()).toBe(visible.updatedAt.getTime());
    expect(xml).not.toContain('not-in-the-map');
    expect(xml).not.toContain('deleted-from-map');
  });

  it("lists each language's addresses in its own sitemap", async () => {
    await createProduct(suite.ctx.db, { slug: 'in-the-german-map' });
    const res = await get('/sitemap.xml?lang=de');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<url><loc>https://shop.example.com/de/</loc></url>');
    expect(res.body).toContain('<url><loc>https://shop.example.com/de/products</loc></url>');
    expect(res.body).toContain('<loc>https://shop.example.com/de/product/in-the-german-map</loc>');
    expect(res.body).not.toContain('<loc>https://shop.example.com/product/');
    expect((await get('/sitemap.xml?lang=xx')).statusCode).toBe(404);
    expect((await get('/sitemap.xml?lang=fr-ca')).statusCode).toBe(404);
  });

  it('answers 404 for a sitemap page that does not exist', async () => {
    expect((await get('/sitemap.xml?page=2')).statusCode).toBe(404);
    expect((await get('/sitemap.xml?page=abc')).statusCode).toBe(404);
  });

  it('splits a catalog too big for one sitemap file', () => {
    expect(sitemapPageCount(49_998)).toBe(1);
    expect(sitemapPageCount(49_999)).toBe(2);
    expect(sitemapPageCount(100_000)).toBe(3);
  });

  it('allows everything but the back office and the API, and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toBe(
      [
        'User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api\n',
        'Sitemap: https://shop.example.com/sitemap.xml',
        'Sitemap: https://shop.example.com/sitemap.xml?lang=de',
        'Sitemap: https://shop.example.com/sitemap.xml?lang=fr',
        'Sitemap: https://shop.example.com/sitemap.xml?lang=es',
        'Sitemap: https://shop.example.com/sitemap.xml?lang=ja\n',
      ].join('\n'),
    );
  });
});

describe('head helpers', () => {
  it('keeps JSON-LD from closing its script element', () => {
    expect(scriptSafeJson({ a: '</script><!--&' })).toBe('{"a":"\\u003c/script\\u003e\\u003c!--\\u0026"}');
    expect(JSON.parse(scriptSafeJson({ a: '</script>\u2028' }))).toEqual({ a: '</script>\u2028' });
  });

  it('shortens a long description at a word', () => {
    const text = `${'word '.repeat(50)}end`;
    const short = summarize(text, 40);
    expect(short.length).toBeLessThanOrEqual(40);
    expect(short).toMatch(/^word( word)*…$/);
  });
});
