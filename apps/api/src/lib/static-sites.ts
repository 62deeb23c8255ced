import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { escapeHtml } from './html.ts';
import { ADMIN_DIST, DEMO_IMAGES_DIR, STOREFRONT_DIST } from './paths.ts';
import { type RenderedBody, renderedBody, sendRendered } from './read-cache.ts';

// Paths the storefront SPA renders; anything else gets its "Oops! Page not found" page with a real 404.
const STOREFRONT_ROUTES =
  /^\/(?:products|product\/[^/]+|auth|account(?:\/orders(?:\/[^/]+)?)?|orders|checkout\/(?:success|cancel)|cart\/recover\/[^/]+|unsubscribe)?\/?$/;

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

/** index.html's shell templates by name (their content, trimmed). */
export function shellTemplates(index: string): Map<string, string> {
  const templates = new Map<string, string>();
  for (const [, name, content] of index.matchAll(SHELL_TEMPLATE))
    templates.set(name ?? '', content?.trim() ?? '');
  return templates;
}

/**
 * A shell template with its fields filled in: `{{name}}` by the HTML-escaped value, `{{{name}}}` by
 * the value as it is (HTML the server built from other templates, never text from a user), missing
 * ones by nothing. One pass: a value is never read for fields itself.
 */
export function fillShell(template: string, fields: ShellFields): string {
  return template.replace(/\{\{\{(\w+)\}\}\}|\{\{(\w+)\}\}/g, (_match, raw?: string, text?: string) =>
    raw ? (fields[raw] ?? '') : escapeHtml(fields[text ?? ''] ?? ''),
  );
}

/**
 * index.html as served: without its shell templates, and with the named one (filled in by
 * `fillShell`) as the shell's main content. Without a name, or when index.html has no such
 * template, the placeholder stays.
 */
export function shellPage(index: string, name?: string, fields: ShellFields = {}): string {
  let template: string | undefined;
  const page = index.replace(SHELL_TEMPLATE, (_match, templateName: string, content: string) => {
    if (templateName === name) template = content;
    return '';
  });
  if (template === undefined) return page;
  const main = fillShell(template.trim(), fields);
  return page.replace(SHELL_MAIN, () => main);
}

/** Sends an HTML page revalidated on every request (`cache-control: no-cache`). */
export function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
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
  admin: string;
  demoImages: string;
}

export const DEFAULT_SITE_DIRS: SiteDirs = {
  storefront: STOREFRONT_DIST,
  admin: ADMIN_DIST,
  demoImages: DEMO_IMAGES_DIR,
};

/**
 * Routes a module serves next to the front ends (product pages, sitemap...), registered before the
 * SPA fallback; `storefrontIndex` is the storefront's index.html when it has been built.
 */
export type SitePages = (app: FastifyInstance, storefrontIndex: string | undefined) => void;

/**
 * The storefront's shell for the home page (`home`) or any other page, as the shop has set it up
 * (name, colours, hero...); the default fills nothing in.
 */
export type ShellRenderer = (index: string, name?: 'home') => Promise<RenderedBody>;

const plainShell: ShellRenderer = async (index, name) => renderedBody(shellPage(index, name));

/**
 * Serves the built storefront at / and the back office at /admin, each with its SPA fallback,
 * plus the demo images and the routes `pages` adds. API paths that match nothing get the JSON 404.
 */
export async function registerStaticSites(
  app: FastifyInstance,
  dirs: SiteDirs = DEFAULT_SITE_DIRS,
  pages?: SitePages,
  renderShell: ShellRenderer = plainShell,
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
  if (storefrontIndex) await serveBuild(app, dirs.storefront, '/');
  if (adminIndex) await serveBuild(app, dirs.admin, '/admin/');

  pages?.(app, storefrontIndex);

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (isPage && !path.startsWith('/api/') && path !== '/api') {
      if (adminIndex && (path === '/admin' || path.startsWith('/admin/')))
        return sendHtml(reply, 200, adminIndex);
      if (storefrontIndex) {
        const html = await renderShell(storefrontIndex, path === '/' ? 'home' : undefined);
        const status = path === '/' || STOREFRONT_ROUTES.test(path) ? 200 : 404;
        return sendRendered(request, reply, html, 'text/html; charset=utf-8', status);
      }
    }
    return reply
      .status(404)
      .send({ error: { code: 'not_found', message: `Route ${request.method} ${path} not found` } });
  });
}
