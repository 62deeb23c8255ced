import { FEATURED_LIMIT, LATEST_LIMIT } from '@cartwheel/shared/constants';
import { createQueryClient } from '@cartwheel/shared/query-client';
import { meQueryOptions } from '@cartwheel/shared/use-me';
import { categoryQueryOptions } from '../features/catalog/api/get-category.ts';
import { productQueryOptions } from '../features/catalog/api/get-product.ts';
import { productsQueryOptions } from '../features/catalog/api/get-products.ts';
import { catalogSearchQuery, searchProductsQueryOptions } from '../features/catalog/api/search-products.ts';
import { loadCategoryRoute, loadProductRoute, loadProductsRoute } from './route-modules.ts';

/**
 * The app's query client, with what the first page needs already asked for: who is signed in (the
 * header), and for the home page, the catalog, a category page and a product page their data and code
 * (the same queries, with the same keys, as the routes). The first render then shows
 * the page itself instead of skeletons followed by a second render per response. `ready` resolves when
 * all of it is there (or failed: the page then shows its error state).
 */
export function preloadFirstPage({ pathname, search }: Pick<Location, 'pathname' | 'search'>) {
  const queryClient = createQueryClient();
  const work: Promise<unknown>[] = [queryClient.prefetchQuery(meQueryOptions)];
  if (pathname === '/') {
    // The same queries, with the same keys, as routes/home.tsx.
    work.push(
      queryClient.prefetchQuery(productsQueryOptions({ featured: true, limit: FEATURED_LIMIT })),
      queryClient.prefetchQuery(productsQueryOptions({ sort: 'newest', limit: LATEST_LIMIT })),
    );
  }
  const searchParams = new URLSearchParams(search);
  if (/^\/products\/?$/.test(pathname)) {
    work.push(
      loadProductsRoute().catch(() => undefined),
      queryClient.prefetchQuery(searchProductsQueryOptions(catalogSearchQuery(searchParams, undefined))),
    );
  }
  const category = pathSlug(/^\/categories\/([^/]+)\/?$/, pathname);
  if (category !== undefined) {
    // routes/category.tsx asks for the list once the category is known, by the slug in the address.
    work.push(
      loadCategoryRoute().catch(() => undefined),
      queryClient.prefetchQuery(categoryQueryOptions(category)),
      queryClient.prefetchQuery(searchProductsQueryOptions(catalogSearchQuery(searchParams, category))),
    );
  }
  const slug = pathSlug(/^\/product\/([^/]+)\/?$/, pathname);
  if (slug !== undefined) {
    work.push(
      loadProductRoute().catch(() => undefined),
      queryClient.prefetchQuery(productQueryOptions(slug)),
    );
  }
  return { queryClient, ready: Promise.all(work) };
}

/** The :slug of a path as the router's useParams() gives it (undefined when `route` does not match). */
function pathSlug(route: RegExp, pathname: string): string | undefined {
  const match = route.exec(pathname);
  if (!match?.[1]) return undefined;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return undefined; // a malformed escape: the page shows Product Not Found on its own
  }
}
