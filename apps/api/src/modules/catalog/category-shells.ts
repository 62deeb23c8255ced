import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { escapeHtml } from '../../lib/html.ts';
import { sendRendered } from '../../lib/read-cache.ts';
import { type ShellRenderer, shellPage } from '../../lib/static-sites.ts';
import { brandShell, cachedSite, storeTitle } from '../content/storefront-shell.ts';
import { CATALOG_SHELL_TAGS, catalogFirstPage, catalogShell } from '../search/storefront/catalog-shells.ts';
import type { SearchProvider } from '../search/storefront/search-provider.ts';
import { LIST_TAGS } from './cache-tags.ts';
import { absoluteUrl, injectHead, type PageHead, scriptSafeJson } from './catalog.seo.ts';
import { getCategoryPage } from './category-tree.service.ts';

const HTML_TYPE = 'text/html; charset=utf-8';

export const categoryUrl = (publicUrl: string, slug: string) =>
  absoluteUrl(publicUrl, `/categories/${encodeURIComponent(slug)}`);

/**
 * /categories/:slug gets the storefront's shell with the category's title, description, canonical
 * link, Open Graph tags and a JSON-LD breadcrumb; without filters in the address (and with `search`)
 * also the first screen of its products (catalog-shells.ts). A hidden or unknown category gets the
 * plain shell with a 404 (the app shows its not-found page). Rendered once per catalog change, like
 * the product pages.
 */
export function registerCategoryShells(
  app: FastifyInstance,
  index: string,
  renderShell: ShellRenderer,
  search?: SearchProvider,
): void {
  app.get('/categories/:slug', { schema: { hide: true } }, async (request, reply) => {
    const { slug } = request.params as { slug: string };
    const products = request.url.includes('?') ? undefined : search;
    try {
      const key = `category-shell:${products ? 'products:' : ''}${slug}`;
      const rendered = await app.catalogCache.get(key, async () => {
        const [site, page, first] = await Promise.all([
          cachedSite(app),
          app.catalogReads.read((db) => getCategoryPage(db, slug)),
          products ? catalogFirstPage(products, slug) : undefined,
        ]);
        const { publicUrl } = app.config;
        const { name } = page.category;
        const store = storeTitle(site);
        const url = categoryUrl(publicUrl, page.category.slug);
        const within = page.children.length ? `: ${page.children.map((c) => c.name).join(', ')}` : '';
        const description = `Shop ${name} at ${store}${within}.`;
        const trail = [...page.breadcrumb, page.category].map((c, i) => ({
          '@type': 'ListItem',
          position: i + 1,
          name: c.name,
          item: categoryUrl(publicUrl, c.slug),
        }));
        const meta = (key: string, content: string) =>
          `<meta property="${key}" content="${escapeHtml(content)}" />`;
        const head: PageHead = {
          title: `${name} | ${store}`,
          description,
          tags: [
            `<link rel="canonical" href="${escapeHtml(url)}" />`,
            meta('og:type', 'website'),
            meta('og:site_name', store),
            meta('og:title', name),
            meta('og:description', description),
            meta('og:url', url),
            `<script type="application/ld+json">${scriptSafeJson({
              '@context': 'https://schema.org',
              '@type': 'BreadcrumbList',
              itemListElement: trail,
            })}</script>`,
          ].join('\n    '),
        };
        const shell = first
          ? catalogShell(index, { title: name, result: first, category: true })
          : shellPage(index);
        return {
          text: injectHead(brandShell(shell, site), head),
          tags: first ? CATALOG_SHELL_TAGS : LIST_TAGS.categories,
        };
      });
      return sendRendered(request, reply, rendered, HTML_TYPE);
    } catch (error) {
      if (error instanceof AppError && error.kind === 'not_found') {
        return sendRendered(request, reply, await renderShell(index), HTML_TYPE, 404);
      }
      throw error;
    }
  });
}
