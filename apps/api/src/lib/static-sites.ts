import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ADMIN_DIST, DEMO_IMAGES_DIR, STOREFRONT_DIST, STOREFRONT_SERVER } from './paths.ts';
import { type EncodedForms, sendEncoded } from './read-cache.ts';
import {
  loadStorefrontRenderer,
  type ManifestChunk,
  routePreloadTags,
  type StorefrontSite,
  sendStorefrontPage,
} from './storefront-render.ts';

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

/** The storefront's build as its pages need it; without a manifest (an older build) no route is preloaded. */
function readStorefrontSite(dist: string, index: string): StorefrontSite {
  const file = join(dist, '.vite', 'manifest.json');
  const manifest: Record<string, ManifestChunk> = existsSync(file)
    ? JSON.parse(readFileSync(file, 'utf8'))
    : {};
  return { index, routePreloads: routePreloadTags(manifest, index) };
}

/** Sends an HTML page revalidated on every request (`cache-control: no-cache`), compressed. */
function sendHtml(request: FastifyRequest, reply: FastifyReply, status: number, html: EncodedForms) {
  reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache');
  return sendEncoded(request, reply, html);
}

/** The files of a front end's build under `prefix`; its index.html is served by the fallback. */
async function serveBuild(app: FastifyInstance, root: string, prefix: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    prefix,
    index: false,
    wildcard: false,
    decorateReply: false,
    setHeaders: setCacheHeaders,
  });
}

/** Where the built front ends and the demo images are. */
export interface SiteDirs {
  storefront: string;
  /** The storefront's server entry (entry-server.js, or its source in tests). */
  storefrontServer: string;
  admin: string;
  demoImages: string;
}

export const DEFAULT_SITE_DIRS: SiteDirs = {
  storefront: STOREFRONT_DIST,
  storefrontServer: STOREFRONT_SERVER,
  admin: ADMIN_DIST,
  demoImages: DEMO_IMAGES_DIR,
};

/** Routes a module serves next to the front ends (sitemap, robots.txt...), before the fallback. */
export type SitePages = (app: FastifyInstance) => void;

/**
 * Serves the built storefront at / (its pages rendered on the server, storefront-render.ts) and the
 * back office at /admin (a single-page app), plus the demo images and the routes `pages` adds. API paths that match nothing get the JSON 404.
 */
export async function registerStaticSites(
  app: FastifyInstance,
  dirs: SiteDirs = DEFAULT_SITE_DIRS,
  pages?: SitePages,
): Promise<void> {
  const storefrontIndex = readIndex(dirs.storefront);
  const adminIndex = readIndex(dirs.admin);
  const renderer = storefrontIndex ? await loadStorefrontRenderer(dirs.storefrontServer) : undefined;
  const storefront = storefrontIndex ? readStorefrontSite(dirs.storefront, storefrontIndex) : undefined;
  const adminPage: EncodedForms | undefined = adminIndex ? { body: Buffer.from(adminIndex) } : undefined;
  const storefrontPage: EncodedForms | undefined = storefrontIndex
    ? { body: Buffer.from(storefrontIndex) }
    : undefined;

  if (existsSync(dirs.demoImages)) {
    await app.register(fastifyStatic, {
      root: dirs.demoImages,
      prefix: '/demo-images/',
      decorateReply: false,
      // One route for the folder: a route per file (wildcard: false, as for the builds) would register
      // a GET and a HEAD route for every picture when the server starts.
      wildcard: true,
      setHeaders: (reply) => reply.header('cache-control', 'public, max-age=86400'),
    });
  }
  if (storefrontIndex) await serveBuild(app, dirs.storefront, '/');
  if (adminIndex) await serveBuild(app, dirs.admin, '/admin/');

  pages?.(app);

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (isPage && !path.startsWith('/api/') && path !== '/api') {
      if (adminPage && (path === '/admin' || path.startsWith('/admin/')))
        return sendHtml(request, reply, 200, adminPage);
      if (storefront && renderer) {
        return sendStorefrontPage(app, renderer, storefront, request, reply);
      }
      // Built without its server entry: the browser renders the page (main.tsx).
      if (storefrontPage) return sendHtml(request, reply, 200, storefrontPage);
    }
    return reply
      .status(404)
      .send({ error: { code: 'not_found', message: `Route ${request.method} ${path} not found` } });
  });
}
