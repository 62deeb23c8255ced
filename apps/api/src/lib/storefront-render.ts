import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { LOCALE_COOKIE, splitLocalePath } from '@cartwheel/shared/locale';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendEncoded, sendRendered } from './read-cache.ts';
import { localeRedirect } from './storefront-locale.ts';

// The storefront's pages are rendered by React on this server (apps/storefront/src/entry-server.tsx,
// built to dist-server/) and sent inside the built index.html. The render asks the API for its data
// in-process (app.inject), as an anonymous visitor: every page is the same for everyone, so it is
// kept in the catalog's read cache and, when every answer it used was shareable, by shared caches
// under the union of those answers' cache tags (docs/decisions/0059-one-renderer.md).

/** What the storefront's server entry exports (entry-server.tsx). */
export interface StorefrontRenderer {
  setTransport(transport: (url: string, init: RequestInit) => Promise<Response>): void;
  renderPage(url: string): Promise<{
    status: number;
    location?: string;
    head: string;
    html: string;
    state: string;
    lang: string;
    messagesUrl: string;
    routeIds: string[];
  }>;
}

/** The built storefront a page goes into: its index.html, and the preload tags of each route's code. */
export interface StorefrontSite {
  index: string;
  routePreloads: (routeIds: string[]) => string;
}

/** A chunk in Vite's build manifest (dist/.vite/manifest.json): its file, the chunks it imports, its CSS. */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/**
 * The tags that fetch a page's route code with the page: each lazy route's chunk (manifest key
 * src/routes/<route id>.tsx), the chunks it imports and their CSS, less what the index already loads.
 * Otherwise the browser would learn of them only after running the entry, a round trip later, and Vite's
 * preload helper would add the links while the page should be hydrating.
 */
export function routePreloadTags(
  manifest: Record<string, ManifestChunk>,
  index: string,
): (routeIds: string[]) => string {
  const byRoutes = new Map<string, string>();
  return (routeIds) => {
    const key = routeIds.join(' ');
    const known = byRoutes.get(key);
    if (known !== undefined) return known;
    const scripts = new Set<string>();
    const sheets = new Set<string>();
    const visit = (name: string) => {
      const chunk = manifest[name];
      if (!chunk || scripts.has(chunk.file)) return;
      scripts.add(chunk.file);
      for (const sheet of chunk.css ?? []) sheets.add(sheet);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    for (const id of routeIds) visit(`src/routes/${id}.tsx`);
    const missing = (file: string) => !index.includes(`"/${file}"`);
    const tags = [
      ...[...sheets].filter(missing).map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
      ...[...scripts].filter(missing).map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ].join('');
    byRoutes.set(key, tags);
    return tags;
  };
}

/** One page render: the app whose API answers it, and what those answers allow. */
interface RenderScope {
  app: FastifyInstance;
  tags: Set<string>;
  /** False once an answer was private, untagged or failed: the page may not go to shared caches. */
  shareable: boolean;
  /** True once an answer was a server error: the page is not kept at all. */
  failed: boolean;
}

const renders = new AsyncLocalStorage<RenderScope>();

/** Marks the render's own requests to the API (the page's request has done what each request does first). */
export const RENDER_HEADER = 'x-cartwheel-render';

/** The render's requests to the API, answered by the app that is rendering (one transport per process). */
async function inProcessTransport(url: string, init: RequestInit): Promise<Response> {
  const scope = renders.getStore();
  if (!scope) throw new Error('a storefront render asked the API outside renderStorefrontPage');
  const response = await scope.app.inject({
    method: (init.method ?? 'GET') as 'GET',
    url,
    headers: { accept: 'application/json', [RENDER_HEADER]: '1' },
  });
  const tags = response.headers['surrogate-key'];
  if (response.statusCode === 200 && typeof tags === 'string' && tags) {
    for (const tag of tags.split(' ')) scope.tags.add(tag);
  } else {
    scope.shareable = false;
  }
  if (response.statusCode >= 500) scope.failed = true;
  const body = response.statusCode === 204 || response.statusCode === 304 ? null : response.rawPayload;
  return new Response(body, {
    status: response.statusCode,
    headers: { 'content-type': String(response.headers['content-type'] ?? 'application/json') },
  });
}

/** Loads the built server entry, when the storefront has been built with it. */
export async function loadStorefrontRenderer(file: string): Promise<StorefrontRenderer | undefined> {
  if (!existsSync(file)) return undefined;
  const renderer = (await import(pathToFileURL(file).href)) as StorefrontRenderer;
  renderer.setTransport(inProcessTransport);
  return renderer;
}

/** A page whose data could not be read: sent once, never kept. */
class RenderFailed extends Error {
  constructor(readonly html: string) {
    super('the storefront page could not read its data');
  }
}

/** The built index.html with the rendered page's head, markup and data in their places. */
function fillIndex(
  site: StorefrontSite,
  page: Awaited<ReturnType<StorefrontRenderer['renderPage']>>,
): string {
  const state = page.state ? `<script id="query-state" type="application/json">${page.state}</script>` : '';
  // The message catalog is fetched by the page's script (same origin, CORS mode): preloaded in that mode so
  // the fetch takes the preloaded answer.
  const messagesPreload = page.messagesUrl
    ? `<link rel="preload" href="${page.messagesUrl}" as="fetch" crossorigin="anonymous">`
    : '';
  // The page's own title replaces the index's default one.
  const withoutTitle = /<title>/.test(page.head)
    ? site.index.replace(/<title>[^<]*<\/title>\s*/, '')
    : site.index;
  return (
    withoutTitle
      .replace(/<html\b[^>]*>/, () => `<html lang="${page.lang || 'en'}">`)
      .replace('<!--app-head-->', () => messagesPreload + page.head)
      // After the entry's own preloads: the entry is needed first.
      .replace('</head>', () => `${site.routePreloads(page.routeIds)}</head>`)
      .replace('<!--app-html-->', () => page.html)
      .replace('<!--app-state-->', () => state)
  );
}

/** The cart, the checkout and its receipts: one buyer's pages, rendered for each request and never kept. */
const PERSONAL_PAGE = /^\/(cart|checkout)(\/|\?|$)/;

/** Renders the page at `url` into the index; throws Redirect or RenderFailed. */
async function renderInto(
  app: FastifyInstance,
  renderer: StorefrontRenderer,
  site: StorefrontSite,
  url: string,
) {
  const scope: RenderScope = { app, tags: new Set(), shareable: true, failed: false };
  const rendered = await renders.run(scope, () => renderer.renderPage(url));
  if (rendered.location) throw new Redirect(rendered.status, rendered.location);
  const text = fillIndex(site, rendered);
  if (scope.failed) throw new RenderFailed(text);
  return { text, status: rendered.status, shareable: scope.shareable, tags: [...scope.tags] };
}

/**
 * Sends the storefront page at the request's address: rendered once per catalog change (the
 * catalog's read cache, emptied by the change feed), a 404 for an address or a product that does not
 * exist, a redirect where the storefront says so, and a 503 when its data could not be read.
 */
export async function sendStorefrontPage(
  app: FastifyInstance,
  renderer: StorefrontRenderer,
  site: StorefrontSite,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const url = request.url;
  const moved = localeRedirect(request);
  if (moved) {
    if (moved.remember) {
      reply.header(
        'set-cookie',
        `${LOCALE_COOKIE}=${moved.remember}; Path=/; Max-Age=31536000; SameSite=Lax`,
      );
    }
    // Depends on the visitor, not the address: no shared cache may keep it.
    return reply.header('cache-control', 'private, no-store').redirect(moved.location, moved.status);
  }
  try {
    if (PERSONAL_PAGE.test(splitLocalePath(url).rest)) {
      const { text, status } = await renderInto(app, renderer, site, url);
      reply.header('cache-control', 'private, no-store').header('referrer-policy', 'same-origin');
      return sendEncoded(request, reply.status(status).type(HTML_TYPE), { body: Buffer.from(text) });
    }
    const page = await app.catalogCache.get(`storefront:${url}`, async () => {
      const { text, status, shareable, tags } = await renderInto(app, renderer, site, url);
      if (status !== 200) return { text, status };
      return shareable ? { text, tags } : text;
    });
    return sendRendered(request, reply, page, HTML_TYPE, page.status);
  } catch (error) {
    if (error instanceof Redirect) return reply.redirect(error.location, error.status);
    if (!(error instanceof RenderFailed)) throw error;
    request.log.error('a storefront page could not read its data');
    reply.status(503).header('retry-after', '60').header('cache-control', 'no-store').type(HTML_TYPE);
    return sendEncoded(request, reply, { body: Buffer.from(error.html) });
  }
}

const HTML_TYPE = 'text/html; charset=utf-8';

class Redirect extends Error {
  constructor(
    readonly status: number,
    readonly location: string,
  ) {
    super(`redirect to ${location}`);
  }
}
