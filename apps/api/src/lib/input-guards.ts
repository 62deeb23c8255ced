import type { FastifyInstance, FastifyReply } from 'fastify';
import { invalid } from './errors.ts';

/** The deepest a JSON body may nest; real requests stay far below it. */
export const MAX_JSON_DEPTH = 64;

const NUL = String.fromCharCode(0);

/**
 * How deep the JSON text nests, counted without parsing it (brackets inside strings do not count),
 * stopping as soon as `limit` is passed. Iterative, so no input can exhaust the stack.
 */
export function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > limit) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** The first string holding a NUL in a parsed body, as a dotted field path ('body.items.0.name'). */
export function findNulField(value: unknown, root: string): string | null {
  const stack: Array<[unknown, string]> = [[value, root]];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes(NUL)) return path;
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], `${path}.${i}`]);
    } else if (v !== null && typeof v === 'object' && !Buffer.isBuffer(v)) {
      const entries = Object.entries(v);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, item] = entries[i]!;
        if (key.includes(NUL)) return path;
        stack.push([item, `${path}.${key}`]);
      }
    }
  }
  return null;
}

const NUL_MESSAGE = 'must not contain a NUL character';

function decodeOrRaw(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return part;
  }
}

/** The field a NUL in the request URL sits in: 'path', or 'querystring.<key>'. */
export function findNulInUrl(url: string): string | null {
  if (!url.includes(NUL) && !/%00/i.test(url)) return null;
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  if (decodeOrRaw(path).includes(NUL)) return 'path';
  for (const pair of url.slice(q + 1).split('&')) {
    const eq = pair.indexOf('=');
    const key = decodeOrRaw(eq === -1 ? pair : pair.slice(0, eq));
    const value = eq === -1 ? '' : decodeOrRaw(pair.slice(eq + 1));
    if (key.includes(NUL) || value.includes(NUL)) return `querystring.${key.replaceAll(NUL, '')}`;
  }
  return null;
}

function refuse(reply: FastifyReply, field: string, message: string) {
  return reply.status(400).send({
    error: { code: 'invalid_request', message: `${field}: ${message}`, details: [{ field, message }] },
  });
}

/**
 * JSON bodies nested deeper than MAX_JSON_DEPTH are refused with a 400 at the parser, before
 * anything recursive (parsing, the NUL walk, zod, Better Auth) can exhaust the stack. Registered on
 * the `/api` scope, where every JSON route lives: the Stripe webhook outside it keeps its own raw
 * body parser, and its signature is checked before any parsing.
 */
export function limitJsonDepth(app: FastifyInstance): void {
  const defaultJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (typeof body === 'string' && jsonDepthExceeds(body, MAX_JSON_DEPTH)) {
      const message = `must not nest deeper than ${MAX_JSON_DEPTH} levels`;
      done(invalid('invalid_request', `body: ${message}`, [{ field: 'body', message }]), undefined);
      return;
    }
    defaultJson(request, body as string, done);
  });
}

/**
 * A NUL character in the URL path, a query value or any string of a parsed body is answered with a
 * 400 before any route sees it: PostgreSQL text cannot hold one, and Better Auth would write the user
 * before the profile failed. Registered on the root app before any route, so it covers Better Auth's
 * routes, the pages and the CSV exports (whose 200 header would otherwise be sent already).
 */
export function registerInputGuards(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const field = findNulInUrl(request.url);
    if (field) return refuse(reply, field, NUL_MESSAGE);
  });

  app.addHook('preValidation', async (request, reply) => {
    if (request.body === undefined || request.body === null) return;
    const field = findNulField(request.body, 'body');
    if (field) return refuse(reply, field, NUL_MESSAGE);
  });
}
