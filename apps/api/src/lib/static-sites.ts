import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Product } from '@cartwheel/shared/contracts/catalog';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import {
  injectHead,
  productHead,
  productUrl,
  robotsTxt,
  SITEMAP_MAX_URLS,
  type SiteInfo,
  sitemapIndexXml,
  urlsetXml,
} from '../modules/catalog/catalog.seo.ts';
import {
  countVisibleProducts,
  getProductBySlug,
  listSitemapProducts,
} from '../modules/catalog/catalog.service.ts';
import { AppError } from './errors.ts';
import { escapeHtml } from './html.ts';
import { ADMIN_DIST, DEMO_IMAGES_DIR, STOREFRONT_DIST } from './paths.ts';
import { sendRendered } from './read-cache.ts';

// Paths the storefront SPA renders; anything else gets its "Oops! Page not found" page with a real 404.
const STOREFRONT_ROUTES =
  /^\/(?:products|product\/[^/]+|auth|account(?:\/orders(?:\/[^/]+)?)?|orders|checkout\/(?:success|cancel))?\/?$/;

function setCacheHeaders(reply: FastifyReply, path: string): void {
  // Vite puts content-hashed files under assets/: they never change, so cache them for a year.
  if (/[\\/]assets[\\/]/.test(path)) reply.header('cache-control', 'public, max-age=31536000, immutable');
  else if (path.endsWith('.html')) reply.header('cache-control', 'no-cache');
  else reply.header('cache-control', 'public, max-age=3600');
}

function readIndex(dist: string): string | undefined {
  const file = join(dist, 'index.html');
  return existsSync(file) ? readFileSync(file, 'utf8') : undefined;
}

// The storefront's index.html paints a static shell before any script runs. Its main content is a
// loading placeholder between these markers; for the pages below, a <template data-shell="name"> of
// index.html takes its place, so the first screen's largest content comes with the HTML (see there).
const SHELL_MAIN = /<!--shell-main-->[\s\S]*?<!--\/shell-main-->/;
const SHELL_TEMPLATE = /[ \t]*<template data-shell="([\w-]+)">([\s\S]*?)<\/template>\s*/g;

export type ShellFields = Record<string, string | undefined>;

/**
 * index.html as served: without its shell templates, and with the named one (its double-braced
 * fields replaced by the HTML-escaped values, missing ones by nothing) as the shell's main content.
 * Without a name, or when index.html has no such template, the placeholder stays.
 */
export function shellPage(index: string, name?: string, fields: ShellFields = {}): string {
  let template: string | undefined;
  const page = index.replace(SHELL_TEMPLATE, (_match, templateName: string, content: string) => {
    if (templateName === name) template = content;
    return '';
  });
  if (template === undefined) return page;
  const main = template
    .trim()
    .replace(/\{\{(\w+)\}\}/g, (_match, key: string) => escapeHtml(fields[key] ?? ''));
  return page.replace(SHELL_MAIN, () => main);
}

/** The product fields of the storefront's product page shell. */
export function productShellFields(product: Product): ShellFields {
  // The API lists the thumbnail-marked image first; the page shows it first too.
  const image = product.images[0];
  return {
    name: product.name,
    brand: product.brand?.name,
    description: product.description,
    image_url: image?.url ?? '/placeholder.svg',
    image_alt: image?.alt_text || product.name,
  };
}

function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
}

/**
 * Serves the built storefront at / and the back office at /admin, each with its SPA fallback,
 * plus the demo images. API paths that match nothing get the JSON 404.
 */
export interface SiteDirs {
  storefront: string;
  admin: string;
  demoImages: string;
}

export const DEFAULT_SITE_DIRS: SiteDirs = {
  storefront: STOREFRONT_DIST,
  admin: ADMIN_DIST,
  demoImages: DEMO_IMAGES_DIR,
};

export async function registerStaticSites(
  app: FastifyInstance,
  dirs: SiteDirs = DEFAULT_SITE_DIRS,
): Promise<void> {
  const storefrontIndex = readIndex(dirs.storefront);
  const storefrontPage = storefrontIndex && shellPage(storefrontIndex);
  const storefrontHome = storefrontIndex && shellPage(storefrontIndex, 'home');
  const adminIndex = readIndex(dirs.admin);

  if (existsSync(dirs.demoImages)) {
    await app.register(fastifyStatic, {
      root: dirs.demoImages,
      prefix: '/demo-images/',
      decorateReply: false,
      wildcard: false,
      setHeaders: (reply) => reply.header('cache-control', 'public, max-age=86400'),
    });
  }
  if (storefrontIndex) {
    await app.register(fastifyStatic, {
      root: dirs.storefront,
      prefix: '/',
      index: false,
      wildcard: false,
      decorateReply: false,
      setHeaders: setCacheHeaders,
    });
  }
  if (adminIndex) {
    await app.register(fastifyStatic, {
      root: dirs.admin,
      prefix: '/admin/',
      index: false,
      wildcard: false,
      decorateReply: false,
      setHeaders: setCacheHeaders,
    });
  }

  registerSearchEngineFiles(app);
  if (storefrontIndex) registerProductPages(app, storefrontIndex);

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (isPage && !path.startsWith('/api/') && path !== '/api') {
      if (adminIndex && (path === '/admin' || path.startsWith('/admin/')))
        return sendHtml(reply, 200, adminIndex);
      if (storefrontHome && path === '/') return sendHtml(reply, 200, storefrontHome);
      if (storefrontPage) return sendHtml(reply, STOREFRONT_ROUTES.test(path) ? 200 : 404, storefrontPage);
    }
    return reply
      .status(404)
      .send({ error: { code: 'not_found', message: `Route ${request.method} ${path} not found` } });
  });
}

const siteInfo = (app: FastifyInstance): SiteInfo => ({
  publicUrl: app.config.publicUrl,
  siteName: `${app.config.shopName} Store`,
});

/**
 * /product/:slug gets the SPA shell with the product's title, description, canonical link, Open Graph
 * tags and JSON-LD in its <head>, so search engines and link previews see the product without running
 * the app, and the top of the product page (name, image, description) as the static shell's content,
 * painted before the app has loaded. Rendered once per catalog change and kept in `app.catalogCache`,
 * like the product's JSON (docs/decisions/0012-read-caches.md).
 * An unknown, hidden or deleted slug gets the plain shell with a 404 (the app shows Product Not Found).
 */
function registerProductPages(app: FastifyInstance, index: string): void {
  const shell = shellPage(index);
  app.get('/product/:slug', { schema: { hide: true } }, async (request, reply) => {
    const { slug } = request.params as { slug: string };
    try {
      const rendered = await app.catalogCache.get(`page:${slug}`, async () => {
        const product = await getProductBySlug(app.db, slug);
        const page = shellPage(index, 'product', productShellFields(product));
        return injectHead(page, productHead(product, siteInfo(app)));
      });
      return sendRendered(request, reply, rendered, 'text/html; charset=utf-8');
    } catch (error) {
      if (error instanceof AppError && error.kind === 'not_found') return sendHtml(reply, 404, shell);
      // The app can still load and retry on its own; search engines are told to come back later.
      request.log.error({ err: error }, 'could not render the product page head');
      return sendHtml(reply.header('retry-after', '60'), 503, shell);
    }
  });
}

/** Products per sitemap file when the catalog needs more than one (a file may list 50,000 URLs). */
export const SITEMAP_PAGE_SIZE = 45_000;

/** How many sitemap files `total` visible products need (one file when everything fits). */
export function sitemapPageCount(total: number, pageSize = SITEMAP_PAGE_SIZE): number {
  return total + 2 <= SITEMAP_MAX_URLS ? 1 : Math.ceil(total / pageSize);
}

/** /robots.txt and /sitemap.xml (home, the catalog and every visible product, with lastmod). */
function registerSearchEngineFiles(app: FastifyInstance): void {
  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(robotsTxt(app.config.publicUrl)),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const { publicUrl } = app.config;
    const total = await countVisibleProducts(app.db);
    const pages = sitemapPageCount(total);
    const pageParam = (request.query as { page?: string }).page;
    reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=60');
    if (pageParam === undefined && pages > 1) {
      return reply.send(
        sitemapIndexXml(Array.from({ length: pages }, (_, i) => `${publicUrl}/sitemap.xml?page=${i + 1}`)),
      );
    }
    const page = pageParam === undefined ? 1 : Number(pageParam);
    if (!Number.isInteger(page) || page < 1 || page > pages) {
      return reply
        .status(404)
        .type('application/json; charset=utf-8')
        .send({ error: { code: 'not_found', message: 'No such sitemap page' } });
    }
    const limit = pages === 1 ? SITEMAP_MAX_URLS - 2 : SITEMAP_PAGE_SIZE;
    const rows = await listSitemapProducts(app.db, { offset: (page - 1) * limit, limit });
    const entries = [
      ...(page === 1 ? [{ loc: `${publicUrl}/` }, { loc: `${publicUrl}/products` }] : []),
      ...rows.map((row) => ({ loc: productUrl(publicUrl, row.slug), lastmod: row.updated_at })),
    ];
    return reply.send(urlsetXml(entries));
  });
}
