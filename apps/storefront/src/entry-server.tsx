import { AsyncLocalStorage } from 'node:async_hooks';
import { PassThrough } from 'node:stream';
import { ApiError, type ApiTransport, setApiTransport } from '@cartwheel/shared/api-client';
import { QUERY_STALE_TIME_MS } from '@cartwheel/shared/constants';
import { DEFAULT_LOCALE, localeTag, type StoreLocale, splitLocalePath } from '@cartwheel/shared/locale';
import { QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { App } from './app/app.tsx';
import type { RouteHandle } from './app/prefetch.ts';
import { dehydratedJson } from './app/query-state.ts';
import { routes } from './app/routes.tsx';
import { apiUrlForLocale } from './i18n/api-locale.ts';
import { catalogUrl } from './i18n/catalogs.ts';
import { createI18n } from './i18n/i18n.tsx';
import { loadCatalog } from './i18n/server-catalogs.ts';

// The storefront's pages rendered on the server by React, from the same routes the browser hydrates
// (main.tsx). The API's server calls `renderPage` for every storefront address (apps/api/src/lib/
// static-sites.ts) and puts its parts into the built index.html.

export interface RenderedPage {
  status: number;
  /** Where a redirect leads (status 3xx); the other fields are then empty. */
  location?: string;
  /** The page's title, meta and link tags, for the document's <head>. */
  head: string;
  /** The page's markup, for #root. */
  html: string;
  /** The answers the page was rendered from, as JSON for <script id="query-state">. */
  state: string;
  /** The page's language as a BCP 47 tag, for <html lang>. */
  lang: string;
  /** The address of the page's compiled message catalog, which the browser fetches (and the head preloads). */
  messagesUrl: string;
  /** The ids of the page's routes: a lazy route's id names the module whose code the browser loads first. */
  routeIds: string[];
}

// One handler per locale prefix: the router's basename keeps every link inside the locale.
const handlers = new Map<string, ReturnType<typeof createStaticHandler>>();
function handlerFor(prefix: string) {
  let handler = handlers.get(prefix);
  if (!handler) {
    handler = createStaticHandler(routes, prefix ? { basename: `/${prefix}` } : undefined);
    handlers.set(prefix, handler);
  }
  return handler;
}

/** The locale of the page being rendered, for its requests to the API. */
const renderLocale = new AsyncLocalStorage<StoreLocale>();

/** The render asks the API through `transport` (the server's own app, in-process). */
export function setTransport(transport: ApiTransport): void {
  setApiTransport((url, init) =>
    transport(apiUrlForLocale(url, renderLocale.getStore() ?? DEFAULT_LOCALE), init),
  );
}

/** The storefront page at `url` (a path with its query string), as an anonymous visitor sees it. */
export function renderPage(url: string): Promise<RenderedPage> {
  const request = new Request(new URL(url, 'http://storefront.invalid'));
  const { locale } = splitLocalePath(new URL(request.url).pathname);
  return renderLocale.run(locale, () => renderIn(request, locale));
}

async function renderIn(request: Request, locale: StoreLocale): Promise<RenderedPage> {
  const handler = handlerFor(locale.prefix);
  const context = await handler.query(request);
  if (context instanceof Response) {
    return {
      status: context.status,
      location: context.headers.get('location') ?? '/',
      head: '',
      html: '',
      state: '',
      lang: '',
      messagesUrl: '',
      routeIds: [],
    };
  }
  const messages = await loadCatalog(locale.language);
  // Each answer once: no retries (a failure shows the page's error state; the browser asks again).
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: QUERY_STALE_TIME_MS } },
  });
  const { searchParams } = new URL(request.url);
  const handles = context.matches.map((match) => ({
    handle: match.route.handle as RouteHandle | undefined,
    match,
  }));
  await Promise.all(
    handles.map(({ handle, match }) =>
      handle?.prefetch?.({ queryClient, params: match.params, searchParams }),
    ),
  );
  const router = createStaticRouter(handler.dataRoutes, context);
  const markup = await renderToHtml(
    <App queryClient={queryClient} locale={locale} i18n={createI18n(locale, messages)}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </App>,
  );
  const { head, html } = splitHead(markup);
  return {
    status: pageStatus(handles, queryClient),
    head,
    html,
    state: dehydratedJson(queryClient),
    lang: localeTag(locale),
    messagesUrl: catalogUrl(locale.language),
    routeIds: context.matches.map((match) => match.route.id),
  };
}

/** 404 for the not-found page and for a page whose own data is missing (an unknown product). */
function pageStatus(handles: { handle: RouteHandle | undefined }[], queryClient: QueryClient): number {
  const routeStatus = handles.find(({ handle }) => handle?.status)?.handle?.status;
  if (routeStatus) return routeStatus;
  const missing = queryClient
    .getQueryCache()
    .getAll()
    .some((query) => query.state.error instanceof ApiError && query.state.error.status === 404);
  return missing ? 404 : 200;
}

/** The whole markup once everything (lazy parts included) has rendered. */
function renderToHtml(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new PassThrough();
    sink.on('data', (chunk: Buffer) => chunks.push(chunk));
    sink.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    sink.on('error', reject);
    const stream = renderToPipeableStream(element, {
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (error) => {
        // A part that failed renders its error boundary; the page itself still goes out.
        if (!(error instanceof ApiError)) console.error(error);
      },
    });
  });
}

// React writes the tags it hoists (title, meta, link) before the page's markup when it does not
// render the whole document: they are moved into the document's head.
const HOISTED = /^(?:<title\b[^>]*>[^<]*<\/title>|<(?:meta|link)\b[^>]*>)/;

function splitHead(markup: string): { head: string; html: string } {
  let rest = markup;
  const head: string[] = [];
  for (let match = HOISTED.exec(rest); match; match = HOISTED.exec(rest)) {
    head.push(match[0]);
    rest = rest.slice(match[0].length);
  }
  return { head: head.join(''), html: rest };
}
