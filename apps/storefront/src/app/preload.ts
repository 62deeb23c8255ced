import { FEATURED_LIMIT, LATEST_LIMIT } from '@cartwheel/shared/constants';
import { createQueryClient } from '@cartwheel/shared/query-client';
import { meQueryOptions } from '@cartwheel/shared/use-me';
import { productQueryOptions } from '../features/catalog/api/get-product.ts';
import { productsQueryOptions } from '../features/catalog/api/get-products.ts';
import { loadProductRoute } from './route-modules.ts';

/**
 * The app's query client, with what the first page needs already asked for: who is signed in (the
 * header), and for the home page and a product page their data and code. The first render then shows
 * the page itself instead of skeletons followed by a second render per response. `ready` resolves when
 * all of it is there (or failed: the page then shows its error state).
 */
export function preloadFirstPage(pathname: string) {
  const queryClient = createQueryClient();
  const work: Promise<unknown>[] = [queryClient.prefetchQuery(meQueryOptions)];
  if (pathname === '/') {
    // The same queries, with the same keys, as routes/home.tsx.
    work.push(
      queryClient.prefetchQuery(productsQueryOptions({ featured: true, limit: FEATURED_LIMIT })),
      queryClient.prefetchQuery(productsQueryOptions({ sort: 'newest', limit: LATEST_LIMIT })),
    );
  }
  const slug = productSlug(pathname);
  if (slug !== undefined) {
    work.push(
      loadProductRoute().catch(() => undefined),
      queryClient.prefetchQuery(productQueryOptions(slug)),
    );
  }
  return { queryClient, ready: Promise.all(work) };
}

/** The slug of a /product/:slug path as the router's useParams() gives it (undefined for others). */
function productSlug(pathname: string): string | undefined {
  const match = /^\/product\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[1]) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return undefined; // a malformed escape: the page shows Product Not Found on its own
  }
}
