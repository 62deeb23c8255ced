import { localeOfPrefix } from '@cartwheel/shared/locale';
import { categoryUrl, pageUrl, productUrl } from '@cartwheel/shared/seo';
import type { FastifyInstance } from 'fastify';
import { listPublishedPages } from '../content/content-pages.service.ts';
import { robotsTxt, SITEMAP_MAX_URLS, sitemapIndexXml, urlsetXml } from './catalog.seo.ts';
import { countVisibleProducts, listSitemapProducts } from './catalog.service.ts';
import { listSitemapCategories } from './category-tree.service.ts';
import { slugForImportedHandle } from './imported-handles.ts';

/**
 * What search engines read besides the storefront's pages, served next to the built front ends
 * (registerStaticSites calls this): /robots.txt, /sitemap.xml, and Shopify's old product addresses.
 */
export function registerStorefrontPages(app: FastifyInstance): void {
  registerSearchEngineFiles(app);
  registerImportedHandles(app);
}

/**
 * Shopify's product addresses, /products/:handle, of products imported from a Shopify export move
 * permanently to the product's page here (/product/:slug), so old links and search results keep
 * working. Any other /products/... falls through to the storefront (its Not Found page).
 */
function registerImportedHandles(app: FastifyInstance): void {
  app.get('/products/:handle', { schema: { hide: true } }, async (request, reply) => {
    const { handle } = request.params as { handle: string };
    const slug = await app.catalogReads.read((db) => slugForImportedHandle(db, handle));
    if (!slug) return reply.callNotFound();
    return reply.redirect(`/product/${encodeURIComponent(slug)}`, 301);
  });
}

/** Products per sitemap file when the catalog needs more than one (a file may list 50,000 URLs). */
export const SITEMAP_PAGE_SIZE = 45_000;

/** How many sitemap files `total` visible products need (one file when everything fits). */
export function sitemapPageCount(total: number, pageSize = SITEMAP_PAGE_SIZE): number {
  return total + 2 <= SITEMAP_MAX_URLS ? 1 : Math.ceil(total / pageSize);
}

/** /robots.txt and /sitemap.xml (home, the catalog, the published pages, the shown categories and every visible product). */
function registerSearchEngineFiles(app: FastifyInstance): void {
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(robotsTxt(app.config.publicUrl)),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const { page: pageParam, lang } = request.query as { page?: string; lang?: string };
    // One sitemap per language (decision 0068): ?lang=de lists the German addresses.
    const locale = lang === undefined ? undefined : localeOfPrefix(lang);
    if (lang !== undefined && (!locale || locale.country)) {
      return reply
        .status(404)
        .type('application/json; charset=utf-8')
        .send({ error: { code: 'not_found', message: `No sitemap for the language "${lang}"` } });
    }
    const publicUrl = `${app.config.publicUrl}${locale?.prefix ? `/${locale.prefix}` : ''}`;
    const self = `${app.config.publicUrl}/sitemap.xml${locale?.prefix ? `?lang=${locale.prefix}&` : '?'}`;
    // One read (retried whole on the primary if the replica fails): the count and the pages agree.
    const sitemap = await app.catalogReads.read(async (db) => {
      const total = await countVisibleProducts(db);
      const pages = sitemapPageCount(total);
      if (pageParam === undefined && pages > 1) {
        return sitemapIndexXml(Array.from({ length: pages }, (_, i) => `${self}page=${i + 1}`));
      }
      const page = pageParam === undefined ? 1 : Number(pageParam);
      if (!Number.isInteger(page) || page < 1 || page > pages) return undefined;
      const contentPages = page === 1 ? await listPublishedPages(db) : [];
      const categorySlugs = page === 1 ? await listSitemapCategories(db) : [];
      const fixed = 2 + contentPages.length + categorySlugs.length;
      const limit = pages === 1 ? SITEMAP_MAX_URLS - fixed : SITEMAP_PAGE_SIZE;
      const rows = await listSitemapProducts(db, { offset: (page - 1) * limit, limit });
      return urlsetXml([
        ...(page === 1 ? [{ loc: `${publicUrl}/` }, { loc: `${publicUrl}/products` }] : []),
        ...contentPages.map((p) => ({
          loc: pageUrl(publicUrl, p.slug),
          lastmod: p.updated_at.toISOString(),
        })),
        ...categorySlugs.map((slug) => ({ loc: categoryUrl(publicUrl, slug) })),
        ...rows.map((row) => ({ loc: productUrl(publicUrl, row.slug), lastmod: row.updated_at })),
      ]);
    });
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=60');
    if (sitemap === undefined) {
      return reply
        .status(404)
        .type('application/json; charset=utf-8')
        .send({ error: { code: 'not_found', message: 'No such sitemap page' } });
    }
    return reply.send(sitemap);
  });
}
