import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ADMIN_DIST, DEMO_IMAGES_DIR, STOREFRONT_DIST } from './paths.ts';

// Paths the storefront SPA renders; anything else gets its "Oops! Page not found" page with a real 404.
const STOREFRONT_ROUTES =
  /^\/(?:products|product\/[^/]+|auth|account(?:\/orders(?:\/[^/]+)?)?|checkout\/(?:success|cancel))?\/?$/;

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

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (isPage && !path.startsWith('/api/') && path !== '/api') {
      if (adminIndex && (path === '/admin' || path.startsWith('/admin/')))
        return sendHtml(reply, 200, adminIndex);
      if (storefrontIndex) return sendHtml(reply, STOREFRONT_ROUTES.test(path) ? 200 : 404, storefrontIndex);
    }
    return reply
      .status(404)
      .send({ error: { code: 'not_found', message: `Route ${request.method} ${path} not found` } });
  });
}
