import type { FastifyInstance } from 'fastify';
import { AppError } from '../../lib/errors.ts';
import { escapeHtml } from '../../lib/html.ts';
import { sendRendered } from '../../lib/read-cache.ts';
import { type ShellRenderer, shellPage } from '../../lib/static-sites.ts';
import { LIST_TAGS } from '../catalog/cache-tags.ts';
import { injectHead, type PageHead, summarize } from '../catalog/catalog.seo.ts';
import { getPublishedPage } from './content-pages.service.ts';
import { brandShell, cachedSite, defaultHead, storeTitle } from './storefront-shell.ts';

const HTML_TYPE = 'text/html; charset=utf-8';

/** The Markdown as one line of plain text, for a description when the page has none of its own. */
const plainText = (markdown: string) =>
  markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(?:#{1,6}|>|[-+*]|\d+\.)\s+/gm, '')
    .replace(/[*_`~|]+/g, '');

export const pageUrl = (publicUrl: string, slug: string) => `${publicUrl}/pages/${encodeURIComponent(slug)}`;

/**
 * /pages/:slug gets the storefront's shell with the page's title, description, canonical link and
 * Open Graph tags; a draft or unknown slug gets the plain shell with a 404 (the app shows its
 * not-found page). Rendered once per content change, like the product pages.
 */
export function registerPageShells(app: FastifyInstance, index: string, renderShell: ShellRenderer): void {
  app.get('/pages/:slug', { schema: { hide: true } }, async (request, reply) => {
    const { slug } = request.params as { slug: string };
    try {
      const rendered = await app.catalogCache.get(`page-shell:${slug}`, async () => {
        const [site, page] = await Promise.all([
          cachedSite(app),
          app.catalogReads.read((db) => getPublishedPage(db, slug)),
        ]);
        const { publicUrl } = app.config;
        const url = pageUrl(publicUrl, page.slug);
        const base = defaultHead(site, publicUrl, '');
        const title = page.seo_title || page.title;
        const description = page.seo_description || summarize(plainText(page.body)) || base.description;
        const meta = (key: string, content: string) =>
          `<meta property="${key}" content="${escapeHtml(content)}" />`;
        const head: PageHead = {
          title: `${title} | ${storeTitle(site)}`,
          description,
          tags: [
            `<link rel="canonical" href="${escapeHtml(url)}" />`,
            meta('og:type', 'article'),
            meta('og:site_name', site.store.name),
            meta('og:title', title),
            meta('og:description', description),
            meta('og:url', url),
            ...base.tags.split('\n    ').filter((tag) => /og:image|twitter:card/.test(tag)),
          ].join('\n    '),
        };
        return { text: injectHead(brandShell(shellPage(index), site), head), tags: LIST_TAGS.site };
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
