import createClient, { type FetchResponse, type MaybeOptionalInit, type Middleware } from 'openapi-fetch';
import type { HttpMethod, MediaType, PathsWithMethod, RequiredKeysOf } from 'openapi-typescript-helpers';
import { CartwheelError, errorOf } from './errors.ts';
import type { components, paths } from './schema.d.ts';

export { CartwheelError } from './errors.ts';
export type { components, paths };

export interface CartwheelClientOptions {
  /** The shop's origin, e.g. `https://shop.example` (or `''` for the same origin in a browser). */
  baseUrl: string;
  /** An API key from the back office (Add apps): sent as `Authorization: Bearer`, and no cookies. */
  apiKey?: string;
  /** Another fetch (a test double, a server's in-process transport); default the global one. */
  fetch?: typeof fetch;
  /**
   * How a shopper's session and cart cookies travel: `browser` lets the browser keep them
   * (credentials: 'include'); `memory` keeps them in this client, for a program outside a browser.
   * Default `browser`.
   */
  cookies?: 'browser' | 'memory';
}

// biome-ignore lint/suspicious/noExplicitAny: a path item holds every method, some of them `never`.
type Paths = Record<string, Record<string, any>>;
type InitParam<Init> =
  RequiredKeysOf<Init> extends never
    ? [(Init & { [key: string]: unknown })?]
    : [Init & { [key: string]: unknown }];

/** One typed call: resolves with the response's body, rejects with a CartwheelError. */
type Call<P extends Paths, M extends HttpMethod> = <
  Path extends PathsWithMethod<P, M>,
  Init extends MaybeOptionalInit<P[Path], M>,
>(
  url: Path,
  ...init: InitParam<Init>
) => Promise<NonNullable<FetchResponse<P[Path][M], Init, MediaType>['data']>>;

/** The calls of one group of routes. */
export interface RouteGroup<P extends Paths> {
  get: Call<P, 'get'>;
  post: Call<P, 'post'>;
  put: Call<P, 'put'>;
  patch: Call<P, 'patch'>;
  delete: Call<P, 'delete'>;
}

type Within<Prefix extends string> = {
  [K in keyof paths as K extends `${Prefix}${string}` ? K : never]: paths[K];
};
type Outside<Prefixes extends string> = {
  [K in keyof paths as K extends `${Prefixes}${string}` ? never : K]: paths[K];
};
/** The back office's routes (staff sessions or an API key). */
export type AdminPaths = Within<'/api/admin/'>;
/** The signed-in shopper's own routes. */
export type AccountPaths = Within<'/api/me' | '/api/account'>;
/** Everything a storefront calls: catalog, cart, checkout, search, pages. */
export type StorePaths = Outside<'/api/admin/' | '/api/me' | '/api/account'>;

export interface SignInInput {
  email: string;
  password: string;
}

export interface CartwheelClient {
  store: RouteGroup<StorePaths>;
  admin: RouteGroup<AdminPaths>;
  auth: RouteGroup<AccountPaths> & {
    /** Signs in with email and password; the session cookie is kept as `cookies` says. */
    signIn(input: SignInInput): Promise<void>;
    signOut(): Promise<void>;
  };
}

/** A typed client of the Cartwheel API. */
export function createCartwheelClient(options: CartwheelClientOptions): CartwheelClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const doFetch = options.fetch ?? ((input: Request) => globalThis.fetch(input));
  const jar = options.cookies === 'memory' && !options.apiKey ? new Map<string, string>() : undefined;
  const client = createClient<paths>({
    baseUrl,
    fetch: doFetch,
    credentials: options.apiKey || jar ? 'omit' : 'include',
    headers: {
      Accept: 'application/json',
      ...(options.apiKey ? { Authorization: `Bearer ${options.apiKey}` } : {}),
    },
  });
  if (jar) client.use(memoryCookies(jar, baseUrl));

  const group = <P extends Paths>(): RouteGroup<P> => {
    const call =
      (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE') =>
      async (url: string, init?: object): Promise<never> => {
        let result: { data?: unknown; error?: unknown; response: Response };
        try {
          result = await (client[method] as (u: string, i?: object) => Promise<typeof result>)(url, init);
        } catch (error) {
          throw new CartwheelError(
            0,
            'network_error',
            error instanceof Error ? error.message : String(error),
          );
        }
        if (!result.response.ok) throw errorOf(result.response, result.error);
        return result.data as never;
      };
    return {
      get: call('GET') as never,
      post: call('POST') as never,
      put: call('PUT') as never,
      patch: call('PATCH') as never,
      delete: call('DELETE') as never,
    };
  };

  // Better Auth's routes are outside the OpenAPI document: these two calls are written by hand.
  const authCall = async (path: string, body: object): Promise<void> => {
    const request = new Request(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      credentials: jar ? 'omit' : 'include',
    });
    const sent = jar ? withCookies(request, jar, baseUrl) : request;
    let response: Response;
    try {
      response = await doFetch(sent);
    } catch (error) {
      throw new CartwheelError(0, 'network_error', error instanceof Error ? error.message : String(error));
    }
    if (jar) keepCookies(response, jar);
    if (!response.ok) throw errorOf(response, await response.json().catch(() => undefined));
  };

  return {
    store: group<StorePaths>(),
    admin: group<AdminPaths>(),
    auth: {
      ...group<AccountPaths>(),
      signIn: (input) => authCall('/api/auth/sign-in/email', input),
      signOut: () => authCall('/api/auth/sign-out', {}),
    },
  };
}

/**
 * Cookies kept in the client, for a program outside a browser. Such a program also says which shop it
 * writes to (Origin): the API refuses writes without one, as a browser always sends it.
 */
function memoryCookies(jar: Map<string, string>, baseUrl: string): Middleware {
  return {
    onRequest: ({ request }) => withCookies(request, jar, baseUrl),
    onResponse: ({ response }) => {
      keepCookies(response, jar);
    },
  };
}

function withCookies(request: Request, jar: Map<string, string>, baseUrl: string): Request {
  const headers = new Headers(request.headers);
  if (jar.size) headers.set('Cookie', [...jar].map(([name, value]) => `${name}=${value}`).join('; '));
  if (!headers.has('Origin') && baseUrl) headers.set('Origin', new URL(baseUrl).origin);
  return new Request(request, { headers });
}

function keepCookies(response: Response, jar: Map<string, string>): void {
  for (const line of response.headers.getSetCookie()) {
    const [pair = ''] = line.split(';', 1);
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    const name = pair.slice(0, at).trim();
    const value = pair.slice(at + 1).trim();
    // An expired or emptied cookie is the server's way of removing it.
    if (value === '' || /;\s*max-age=0/i.test(line)) jar.delete(name);
    else jar.set(name, value);
  }
}
