import type { FastifyInstance, InjectOptions } from 'fastify';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Makes app.inject() send what a browser on the shop's pages sends with every write: an Origin
 * header equal to the shop's PUBLIC_URL. A request that names `origin` or `referer` itself keeps its
 * own (give `origin: undefined` to send none, as a script or a stripped request would).
 */
export function injectAsShopPage(app: FastifyInstance, origin: string): FastifyInstance {
  const inject = app.inject.bind(app) as (
    opts: InjectOptions | string,
  ) => ReturnType<FastifyInstance['inject']>;
  const withOrigin = (opts: InjectOptions | string): InjectOptions | string => {
    if (typeof opts === 'string') return opts;
    const method = (opts.method ?? 'GET').toUpperCase();
    const headers: Record<string, unknown> = { ...(opts.headers ?? {}) };
    const names = Object.keys(headers).map((name) => name.toLowerCase());
    if (!SAFE_METHODS.has(method) && !names.includes('origin') && !names.includes('referer')) {
      headers.origin = origin;
    }
    for (const [name, value] of Object.entries(headers)) if (value === undefined) delete headers[name];
    return { ...opts, headers: headers as InjectOptions['headers'] };
  };
  // Only the promise form (inject(options)) is used by the tests.
  app.inject = ((opts: InjectOptions | string) => inject(withOrigin(opts))) as FastifyInstance['inject'];
  return app;
}
