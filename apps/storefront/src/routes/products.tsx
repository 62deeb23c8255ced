import { PRODUCT_SORTS, type ProductSort } from '@cartwheel/shared/constants';
import { Button } from '@cartwheel/ui/button';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { RouteHandle } from '../app/prefetch.ts';
import { PageHead } from '../components/page-head.tsx';
import {
  catalogSearchQuery,
  searchProductsQueryOptions,
  useSearchProducts,
} from '../features/catalog/api/search-products.ts';
import { FacetPanel } from '../features/catalog/components/facet-panel.tsx';
import { FilterSelect } from '../features/catalog/components/filter-select.tsx';
import { ProductGrid } from '../features/catalog/components/product-grid.tsx';
import { cardHeart } from '../features/wishlist/components/wishlist-heart.tsx';
import { useT } from '../i18n/i18n.tsx';
import { usePageTitle } from '../lib/site.ts';

// The sort menu's order (not the order of PRODUCT_SORTS); "newest" is the default, and best match
// first when there is search text.
const SORT_MENU: ProductSort[] = ['name', 'newest', 'price_asc', 'price_desc'];
type CatalogSort = ProductSort | 'relevance';
const SORT_LABELS = {
  name: 'catalog.sort.name',
  newest: 'catalog.sort.newest',
  price_asc: 'catalog.sort.priceAsc',
  price_desc: 'catalog.sort.priceDesc',
} as const satisfies Record<ProductSort, string>;

function isProductSort(value: string | null): value is ProductSort {
  return value !== null && (PRODUCT_SORTS as readonly string[]).includes(value);
}

/** A whole number of cents from the address, or undefined. */
function centsParam(value: string | null): number | undefined {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isInteger(n) && n >= 0 ? n : undefined;
}

/**
 * Reads the list's state from the URL, so searches, filters and sorts can be shared and survive
 * reloads. The catalog keeps the URL as the shopper made it (a chosen default sort stays, other
 * parameters keep their order), its pager and "Clear search" are links built from the current query,
 * and the same query string is the API's (GET /api/search takes the same names).
 */
function paramsFromUrl(searchParams: URLSearchParams) {
  const sort = searchParams.get('sort');
  const page = Number.parseInt(searchParams.get('page') ?? '', 10);
  const search = searchParams.get('search')?.trim() || undefined;
  return {
    search,
    sort: (isProductSort(sort) || sort === 'relevance'
      ? sort
      : search
        ? 'relevance'
        : 'newest') as CatalogSort,
    filtered: [
      'category',
      'brand',
      'option',
      'price_min',
      'price_max',
      'in_stock',
      'on_sale',
      'featured',
    ].some((key) => searchParams.has(key)),
    featured: searchParams.get('featured') === 'true',
    inStock: searchParams.get('in_stock') === 'true',
    onSale: searchParams.get('on_sale') === 'true',
    priceMin: centsParam(searchParams.get('price_min')),
    priceMax: centsParam(searchParams.get('price_max')),
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The query string with `changes` applied: a null or empty value removes its parameter. */
function withChanges(searchParams: URLSearchParams, changes: Record<string, string | null>) {
  const next = new URLSearchParams(searchParams);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === '') next.delete(key);
    else next.set(key, value);
  }
  return next;
}

export const handle: RouteHandle = {
  prefetch: ({ queryClient, searchParams }) =>
    queryClient.prefetchQuery(searchProductsQueryOptions(catalogSearchQuery(searchParams, undefined))),
};

export function ProductsRoute() {
  return <CatalogView basePath="/products" />;
}

interface CatalogViewProps {
  /** Where the pager and "Clear all filters" lead: /products, or the category page's address. */
  basePath: string;
  /** A category page's category: always filtered by, named in the title, not offered as a filter. */
  category?: { slug: string; name: string };
  /** Shown above the title (a category page's breadcrumb). */
  above?: ReactNode;
  /** Shown under the title (a category page's sub-categories). */
  below?: ReactNode;
  /** The page's description for search engines; a category page's own, else none. */
  description?: string;
  /** schema.org data of the page (a category page's breadcrumb). */
  jsonLd?: unknown;
}

/** The catalog list: search, filters, sorting and paging from the address (see paramsFromUrl). */
export function CatalogView({ basePath, category, above, below, description, jsonLd }: CatalogViewProps) {
  const t = useT();
  const [searchParams, setSearchParams] = useSearchParams();
  const params = paramsFromUrl(searchParams);
  const { data, isPending, error } = useSearchProducts(catalogSearchQuery(searchParams, category?.slug));
  const facets = data && category ? { ...data.facets, categories: [] } : data?.facets;
  const sortId = useId();

  /** Changes the URL's filters (null removes one) and goes back to the first page. */
  const setFilters = (changes: Record<string, string | null>) =>
    setSearchParams((prev) => withChanges(prev, { ...changes, page: null }));
  /** Adds or removes one value of a repeated filter (case-insensitively), back to the first page. */
  const toggle = (key: 'category' | 'brand' | 'option', value: string) =>
    setSearchParams((prev) => {
      const next = new URLSearchParams(prev);
      const values = next.getAll(key);
      const kept = values.filter((v) => v.toLowerCase() !== value.toLowerCase());
      next.delete(key);
      for (const v of kept.length === values.length ? [...values, value] : kept) next.append(key, v);
      next.delete('page');
      return next;
    });
  const has = (key: 'category' | 'brand' | 'option', value: string) =>
    searchParams.getAll(key).some((v) => v.toLowerCase() === value.toLowerCase());
  const hasFilters = Boolean(params.search || params.filtered);

  const title = category?.name ?? (params.featured ? t('home.featured') : t('header.productsLink'));
  const pageTitle = usePageTitle(title);
  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;
  const sortOptions = [
    ...(params.search ? [{ value: 'relevance', label: t('catalog.sort.relevance') }] : []),
    ...SORT_MENU.map((sort) => ({ value: sort, label: t(SORT_LABELS[sort]) })),
  ];

  const hrefWith = (changes: Record<string, string | null>) => {
    const qs = withChanges(searchParams, changes).toString();
    return qs ? `${basePath}?${qs}` : basePath;
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <PageHead title={pageTitle} description={description} path={basePath} jsonLd={jsonLd} />
      {above}
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="font-bold text-3xl tracking-tight">{title}</h1>
          {/* One line held for the count while the page loads, so nothing below it moves. */}
          <p className="mt-1 flex min-h-5 flex-wrap gap-x-2 text-muted-foreground text-sm">
            {params.search ? <span>{t('catalog.resultsFor', { search: params.search })}</span> : null}
            <span aria-live="polite">{data ? t('catalog.count', { count: data.total }) : null}</span>
            {params.search ? (
              <Link
                to={hrefWith({ search: null, page: null, sort: null })}
                className="font-medium text-foreground underline underline-offset-4"
              >
                {t('catalog.clearSearch')}
              </Link>
            ) : null}
            {hasFilters ? (
              <Link to={basePath} className="font-medium text-foreground underline underline-offset-4">
                {t('catalog.clearFilters')}
              </Link>
            ) : null}
          </p>
          {data?.did_you_mean ? (
            <p className="mt-2 text-sm">
              {t('catalog.didYouMean')}{' '}
              <Link
                to={hrefWith({ search: data.did_you_mean, page: null })}
                className="font-medium underline underline-offset-4"
              >
                {data.did_you_mean}
              </Link>
              {t('catalog.didYouMeanEnd')}
            </p>
          ) : null}
          {below}
        </div>
        <div className="flex items-center gap-2">
          <label htmlFor={sortId} className="whitespace-nowrap font-medium text-sm">
            {t('catalog.sortBy')}
          </label>
          <FilterSelect
            id={sortId}
            value={params.sort}
            onChange={(value) => setFilters({ sort: value })}
            options={sortOptions}
          />
        </div>
      </div>

      <div className="grid gap-6 lg:grid-cols-[15rem_1fr]">
        <aside className="flex flex-col gap-3">
          <FacetPanel
            facets={facets}
            priceMin={params.priceMin}
            priceMax={params.priceMax}
            inStock={params.inStock}
            onSale={params.onSale}
            featured={params.featured}
            changes={{ has, toggle, set: setFilters }}
          />
        </aside>

        <div>
          <ProductGrid
            cardAction={cardHeart}
            products={data?.items}
            isPending={isPending}
            error={error}
            skeletonCount={12}
            className="lg:grid-cols-3!"
          />

          {data && totalPages > 1 ? (
            <nav aria-label={t('catalog.pagination')} className="mt-8 flex items-center justify-center gap-4">
              {params.page > 1 ? (
                <Button asChild variant="outline" size="sm">
                  <Link to={hrefWith({ page: params.page > 2 ? String(params.page - 1) : null })}>
                    <ChevronLeft aria-hidden="true" />
                    {t('catalog.previous')}
                  </Link>
                </Button>
              ) : (
                <Button variant="outline" size="sm" disabled>
                  <ChevronLeft aria-hidden="true" />
                  {t('catalog.previous')}
                </Button>
              )}
              <span className="text-muted-foreground text-sm">
                {t('catalog.pageOf', { page: params.page, total: totalPages })}
              </span>
              {params.page < totalPages ? (
                <Button asChild variant="outline" size="sm">
                  <Link to={hrefWith({ page: String(params.page + 1) })}>
                    {t('catalog.next')}
                    <ChevronRight aria-hidden="true" />
                  </Link>
                </Button>
              ) : (
                <Button variant="outline" size="sm" disabled>
                  {t('catalog.next')}
                  <ChevronRight aria-hidden="true" />
                </Button>
              )}
            </nav>
          ) : null}
        </div>
      </div>
    </div>
  );
}
