import type { FastifyInstance } from 'fastify';
import { originOf } from '../config.ts';
import { AppError } from './errors.ts';

/** Methods that change nothing; every other method must come from one of the shop's own pages. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Paths that check who is calling themselves: Better Auth compares Origin with the same trusted list
 * (and must accept its own callback links), Stripe signs its webhook, and a mail client's one-click
 * unsubscribe (RFC 8058, no Origin) carries the signed token of the address it unsubscribes.
 */
export function checksItsOwnCaller(path: string): boolean {
  return (
    path.startsWith('/api/auth/') || path === '/api/webhooks/stripe' || path === '/api/marketing/unsubscribe'
  );
}

/** The origin a state-changing request says it comes from: Origin, else Referer's origin. */
export function requestOrigin(headers: { origin?: string; referer?: string }): string | null {
  if (headers.origin !== undefined) return headers.origin === 'null' ? null : originOf(headers.origin);
  return headers.referer === undefined ? null : originOf(headers.referer);
}

/**
 * A request with `Authorization: Bearer` and no cookie is a program using an API key, not a browser
 * page: a browser never attaches that header by itself, and a page of another site cannot add it
 * without a CORS preflight, which the API does not answer. Such a request proves itself with the key
 * (the admin guard checks it); any request carrying a cookie still needs a trusted Origin.
 */
export function isScriptWithApiKey(headers: { authorization?: string; cookie?: string }): boolean {
  return headers.cookie === undefined && /^Bearer\s+\S/i.test(headers.authorization ?? '');
}

/**
 * Cross-site writes: a POST, PUT, PATCH or DELETE must carry an Origin (or, without one, a Referer)
 * from the trusted list, or it is refused with 403 before any parser or handler runs. SameSite=Lax
 * cookies stop other sites, but not a sibling subdomain or another port of the same host, which count
 * as the same site. Browsers send Origin on every such request; scripts must send it themselves.
 */
export function registerSameOriginWrites(app: FastifyInstance, trusted: readonly string[]): void {
  const allowed = new Set(trusted);
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const path = request.url.split('?', 1)[0] ?? '';
    if (checksItsOwnCaller(path)) return;
    if (isScriptWithApiKey(request.headers)) return;
    const origin = requestOrigin(request.headers);
    if (origin !== null && allowed.has(origin)) return;
    throw new AppError(
      'forbidden',
      'cross_site_request',
      origin === null
        ? "This request must come from the shop's own pages (no Origin or Referer header)."
        : `This request must come from the shop's own pages, not ${origin}.`,
    );
  });
}

/**
 * JSON routes take JSON only: Fastify also parses text/plain by default, which a cross-site form can
 * send without a preflight. Without it, such a body is refused with 415 before any handler runs.
 */
export function acceptJsonOnly(app: FastifyInstance): void {
  app.removeContentTypeParser('text/plain');
}
