import { describe, expect, it } from 'vitest';
import { appWithSitesPerFile, STOREFRONT_SHELL } from '../../../test/catalog-sites.ts';
import { createCategory } from '../../../test/factories.ts';

const suite = appWithSitesPerFile({ 'storefront/index.html': STOREFRONT_SHELL });
const { get } = suite;

describe('category pages for search engines', () => {
  it("gives /categories/:slug the category's title, description, canonical link and breadcrumb, escaped", async () => {
    const { db } = suite.ctx;
    const top = await createCategory(db, { name: 'Home & Garden', slug: 'home-and-garden' });
    await createCategory(db, { name: 'Tools <b>', slug: 'shell-tools', parentId: top.id });
    await createCategory(db, { name: 'Secret', slug: 'shell-secret', parentId: top.id, isVisible: false });
    const res = await get('/categories/shell-tools');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<title>Tools &lt;b&gt; \| [^<]+<\/title>/);
    expect(res.body).toContain(
      '<link rel="canonical" href="http://localhost:3000/categories/shell-tools" />',
    );
    expect(res.body).toContain('"@type":"BreadcrumbList"');
    expect(res.body).toContain(
      '"name":"Home \\u0026 Garden","item":"http://localhost:3000/categories/home-and-garden"',
    );
    const parent = await get('/categories/home-and-garden');
    expect(parent.body).toMatch(
      /<meta name="description" content="Shop Home &amp; Garden at [^"]+: Tools &lt;b&gt;\." \/>/,
    );
  });

  it('answers a hidden or unknown category with the plain shell and a 404', async () => {
    for (const slug of ['shell-secret', 'no-such-category']) {
      const res = await get(`/categories/${slug}`);
      expect(res.statusCode, slug).toBe(404);
      expect(res.body).not.toContain('rel="canonical"');
    }
  });

  it('lists the shown categories in the sitemap, not the hidden ones', async () => {
    const res = await get('/sitemap.xml');
    expect(res.body).toContain('<loc>http://localhost:3000/categories/shell-tools</loc>');
    expect(res.body).not.toContain('shell-secret');
  });
});
