import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { escapeHtml } from '../../lib/html.ts';
import { sendRendered } from '../../lib/read-cache.ts';
import { type ShellRenderer, shellPage } from '../../lib/static-sites.ts';
import { brandShell, cachedSite, storeTitle } from '../content/storefront-shell.ts';
import { LIST_TAGS } from './cache-tags.ts';
import { absoluteUrl, injectHead, type PageHead, scriptSafeJson } from './catalog.seo.ts';
import { getCategoryPage } from './category-tree.service.ts';

const HTML_TYPE = 'text/html; charset=utf-8';

export const categoryUrl = (publicUrl: string, slug: string) =>
  absoluteUrl(publicUrl, `/categories/${encodeURIComponent(slug)}`);

/**
 * /categories/:slug gets the storefront's shell with the category's title, description, canonical
 * link, Open Graph tags and a JSON-LD breadcrumb; a hidden or unknown category gets the plain shell
 * with a 404 (the app shows its not-found page). Rendered once per catalog change, like the product pages.
 */
export function registerCategoryShells(
  app: FastifyInstance,
  index: string,
  renderShell: ShellRenderer,
): void {
  app.get('/categories/:slug', { schema: { hide: true } }, async (request, reply) => {
    const { slug } = request.params as { slug: string };
    try {
      const rendered = await app.catalogCache.get(`category-shell:${slug}`, async () => {
        const [site, page] = await Promise.all([cachedSite(app), getCategoryPage(app.db, slug)]);
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
        return { text: injectHead(brandShell(shellPage(index), site), head), tags: LIST_TAGS.categories };
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
