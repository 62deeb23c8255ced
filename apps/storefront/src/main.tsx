import './index.css';
import { createQueryClient } from '@cartwheel/shared/query-client';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { App } from './app/app.tsx';
import { hydrateFromPage } from './app/query-state.ts';
import { routes } from './app/routes.tsx';

// The server rendered this page from the same routes (src/entry-server.tsx) and sent the answers it
// read in #query-state: the browser starts from them, loads the code of the page's own route, then
// hydrates the server's markup instead of rendering it again.

/** Loads the code of the routes the address matches, so the first render is the server's page. */
async function loadMatchedRoutes(): Promise<void> {
  const lazyMatches = matchRoutes(routes, window.location)?.filter((match) => match.route.lazy) ?? [];
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, { ...(await route.lazy()), lazy: undefined });
    }),
  );
}

async function start(container: HTMLElement) {
  const queryClient = createQueryClient();
  hydrateFromPage(queryClient, document.getElementById('query-state')?.textContent);
  await loadMatchedRoutes();
  const router = createBrowserRouter(routes);
  const app = (
    <App queryClient={queryClient}>
      <RouterProvider router={router} />
    </App>
  );
  // Vite's dev server sends index.html without a server render: the browser renders it all.
  if (container.firstElementChild) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element in index.html');
void start(root);
