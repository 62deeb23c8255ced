import type { Product } from '@cartwheel/shared/contracts/catalog';
import { PRODUCT_IMAGE_BOX, PRODUCT_IMAGE_SIZES } from '@cartwheel/shared/images';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { sendRendered } from '../../lib/read-cache.ts';
import { type ShellFields, type ShellRenderer, sendHtml, shellPage } from '../../lib/static-sites.ts';
import { listPublishedPages } from '../content/content-pages.service.ts';
import { pageUrl } from '../content/page-shells.ts';
import { brandShell, cachedSite, pictureHtml, storeTitle } from '../content/storefront-shell.ts';
import { registerCatalogShell } from '../search/storefront/catalog-shells.ts';
import type { SearchProvider } from '../search/storefront/search-provider.ts';
import { productTags } from './cache-tags.ts';
import {
  injectHead,
  productHead,
  productUrl,
  robotsTxt,
  SITEMAP_MAX_URLS,
  type SiteInfo,
  sitemapIndexXml,
  urlsetXml,
} from './catalog.seo.ts';
import { countVisibleProducts, getProductBySlug, listSitemapProducts } from './catalog.service.ts';
import { categoryUrl, registerCategoryShells } from './category-shells.ts';
import { listSitemapCategories } from './category-tree.service.ts';
import { slugForImportedHandle } from './product-import.ts';

/**
 * The storefront's pages for search engines and link previews, served next to the built front ends
 * (registerStaticSites calls this): /robots.txt, /sitemap.xml, and /product/:slug with the product's
 * head once the storefront has been built; with `search`, /products and the category pages show their
 * first page of products in the shell.
 */
export function registerStorefrontPages(
  app: FastifyInstance,
  storefrontIndex: string | undefined,
  renderShell: ShellRenderer,
  search?: SearchProvider,
): void {
  registerSearchEngineFiles(app);
  registerImportedHandles(app);
  if (storefrontIndex) {
    registerProductPages(app, storefrontIndex, renderShell);
    registerCategoryShells(app, storefrontIndex, renderShell, search);
    if (search) registerCatalogShell(app, storefrontIndex, renderShell, search);
  }
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

/** The class of the product page's main image, the same in the app (product-gallery.tsx). */
const PRODUCT_IMAGE_CLASS = 'aspect-square w-full object-cover';

/**
 * The product fields of the storefront's product page shell. The main image is drawn as the app's
 * gallery draws it (same copies, sizes and box), so the browser fetches one copy for both.
 */
function productShellFields(product: Product): ShellFields {
  // The API lists the thumbnail-marked image first; the page shows it first too.
  const image = product.images[0];
  return {
    name: product.name,
    brand: product.brand?.name,
    description: product.description,
    image: pictureHtml(image ?? { url: '/placeholder.svg', variants: [] }, {
      box: PRODUCT_IMAGE_BOX,
      sizes: PRODUCT_IMAGE_SIZES,
      className: PRODUCT_IMAGE_CLASS,
      loading: 'high',
      alt: image?.alt_text || product.name,
    }),
  };
}

/**
 * /product/:slug gets the SPA shell with the product's title, description, canonical link, Open Graph
 * tags and JSON-LD in its <head>, so search engines and link previews see the product without running
 * the app, and the top of the product page (name, image, description) as the static shell's content,
 * painted before the app has loaded. Rendered once per catalog change and kept in `app.catalogCache`,
 * like the product's JSON (docs/decisions/0012-read-caches.md).
 * An unknown, hidden or deleted slug gets the plain shell with a 404 (the app shows Product Not Found).
 */
function registerProductPages(app: FastifyInstance, index: string, renderShell: ShellRenderer): void {
  const html = 'text/html; charset=utf-8';
  app.get('/product/:slug', { schema: { hide: true } }, async (request, reply) => {
    const { slug } = request.params as { slug: string };
    try {
      const rendered = await app.catalogCache.get(`page:${slug}`, async () => {
        const [product, site] = await Promise.all([
          app.catalogReads.read((db) => getProductBySlug(db, slug)),
          cachedSite(app),
        ]);
        const page = brandShell(shellPage(index, 'product', productShellFields(product)), site);
        const info: SiteInfo = { publicUrl: app.config.publicUrl, siteName: storeTitle(site) };
        return {
          text: injectHead(page, productHead(product, info)),
          tags: [...productTags(product), 'site'],
        };
      });
      return sendRendered(request, reply, rendered, html);
    } catch (error) {
      if (error instanceof AppError && error.kind === 'not_found') {
        return sendRendered(request, reply, await renderShell(index), html, 404);
      }
      // The app can still load and retry on its own; search engines are told to come back later.
      request.log.error({ err: error }, 'could not render the product page head');
      return sendHtml(reply.header('retry-after', '60'), 503, shellPage(index));
    }
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
    const { publicUrl } = app.config;
    const pageParam = (request.query as { page?: string }).page;
    // One read (retried whole on the primary if the replica fails): the count and the pages agree.
    const sitemap = await app.catalogReads.read(async (db) => {
      const total = await countVisibleProducts(db);
      const pages = sitemapPageCount(total);
      if (pageParam === undefined && pages > 1) {
        return sitemapIndexXml(
          Array.from({ length: pages }, (_, i) => `${publicUrl}/sitemap.xml?page=${i + 1}`),
        );
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
