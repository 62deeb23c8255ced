import './index.css';
import { setApiTransport } from '@cartwheel/shared/api-client';
import { splitLocalePath } from '@cartwheel/shared/locale';
import { createQueryClient } from '@cartwheel/shared/query-client';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { App } from './app/app.tsx';
import { hydrateFromPage, pageConfirmedAt } from './app/query-state.ts';
import { routes } from './app/routes.tsx';
import { apiUrlForLocale } from './i18n/api-locale.ts';
import { fetchCatalog } from './i18n/catalogs.ts';
import { createI18n } from './i18n/i18n.tsx';

// The server rendered this page from the same routes (src/entry-server.tsx) and sent the answers it
// read in #query-state: the browser starts from them, loads the code of the page's own route, then
// hydrates the server's markup instead of rendering it again.

/** Loads the code of the routes the address matches, so the first render is the server's page. */
async function loadMatchedRoutes(basename: string | undefined): Promise<void> {
  const lazyMatches =
    matchRoutes(routes, window.location, basename)?.filter((match) => match.route.lazy) ?? [];
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, { ...(await route.lazy()), lazy: undefined });
    }),
  );
}

async function start(container: HTMLElement) {
  const { locale } = splitLocalePath(window.location.pathname);
  const basename = locale.prefix ? `/${locale.prefix}` : undefined;
  setApiTransport((url, init) => fetch(apiUrlForLocale(url, locale), init));
  const queryClient = createQueryClient();
  hydrateFromPage(queryClient, document.getElementById('query-state')?.textContent, pageConfirmedAt());
  const [messages] = await Promise.all([fetchCatalog(locale.language), loadMatchedRoutes(basename)]);
  // Hydration data, even empty, tells the router the page came from the server: its scroll
  // restoration then leaves the page where the shopper may already have scrolled it, instead of
  // sending it to the top as for a page it shows itself. The data itself lives in the query cache.
  const router = createBrowserRouter(routes, { basename, hydrationData: { loaderData: {} } });
  const app = (
    <App queryClient={queryClient} locale={locale} i18n={createI18n(locale, messages)}>
      <RouterProvider router={router} />
    </App>
  );
  // Hydration as a transition yields to the browser every few milliseconds instead of holding the
  // main thread for the whole page (a tap meanwhile makes React hydrate that part first).
  // Vite's dev server sends index.html without a server render: the browser renders it all.
  if (container.firstElementChild)
    startTransition(() => {
      hydrateRoot(container, app);
    });
  else createRoot(container).render(app);
}

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element in index.html');
void start(root);
