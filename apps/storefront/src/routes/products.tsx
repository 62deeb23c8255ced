import {
  DEFAULT_PAGE_SIZE,
  PRODUCT_SORT_LABELS,
  PRODUCT_SORTS,
  type ProductSort,
} from '@cartwheel/shared/constants';
import { plural } from '@cartwheel/shared/text';
import { Button } from '@cartwheel/ui/button';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useBrands } from '../features/catalog/api/get-brands.ts';
import { useCategories } from '../features/catalog/api/get-categories.ts';
import { type ProductsParams, useProducts } from '../features/catalog/api/get-products.ts';
import { FilterSelect } from '../features/catalog/components/filter-select.tsx';
import { ProductGrid } from '../features/catalog/components/product-grid.tsx';

// The sort menu's order (not the order of PRODUCT_SORTS); "newest" is the default.
const SORT_MENU: ProductSort[] = ['name', 'newest', 'price_asc', 'price_desc'];
const DEFAULT_SORT: ProductSort = 'newest';

function isProductSort(value: string | null): value is ProductSort {
  return value !== null && (PRODUCT_SORTS as readonly string[]).includes(value);
}

/**
 * Reads the list's state from the URL, so searches and sorts can be shared and survive reloads. Not
 * the back office's useListParams: the catalog keeps the URL as the shopper made it (a chosen default
 * sort stays, other parameters keep their order), its pager and "Clear search" are links built from the
 * current query, and it needs no zod schema on the storefront.
 */
function paramsFromUrl(
  searchParams: URLSearchParams,
): Required<Pick<ProductsParams, 'sort' | 'page'>> & ProductsParams {
  const sort = searchParams.get('sort');
  const page = Number.parseInt(searchParams.get('page') ?? '', 10);
  return {
    search: searchParams.get('search')?.trim() || undefined,
    sort: isProductSort(sort) ? sort : DEFAULT_SORT,
    category: searchParams.get('category') || undefined,
    brand: searchParams.get('brand') || undefined,
    featured: searchParams.get('featured') === 'true' || undefined,
    page: Number.isInteger(page) && page > 0 ? page : 1,
    limit: DEFAULT_PAGE_SIZE,
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

/**
 * A filter's choices: "All ...", then the list's items by slug. A slug from a shared link that is not
 * (yet) in the list is added, so the drop-down still shows what is filtered.
 */
function filterOptions(
  allLabel: string,
  items: Array<{ slug: string; name: string }> | undefined,
  current: string | undefined,
) {
  return [
    { value: '', label: allLabel },
    ...(items ?? []).map((item) => ({ value: item.slug, label: item.name })),
    ...(current && items && !items.some((item) => item.slug === current)
      ? [{ value: current, label: current }]
      : []),
  ];
}

export function ProductsRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const params = paramsFromUrl(searchParams);
  const { data, isPending, error } = useProducts(params);
  const categories = useCategories();
  const brands = useBrands();
  const sortId = useId();
  const featuredId = useId();

  /** Changes the URL's filters (null removes one) and goes back to the first page. */
  const setFilters = (changes: Record<string, string | null>) =>
    setSearchParams((prev) => withChanges(prev, { ...changes, page: null }));
  const slugFilters = [
    { key: 'category', label: 'Category', allLabel: 'All categories', items: categories.data?.items },
    { key: 'brand', label: 'Brand', allLabel: 'All brands', items: brands.data?.items },
  ] as const;
  const hasFilters = Boolean(params.search || params.category || params.brand || params.featured);

  const title = params.featured ? 'Featured Products' : 'Products';
  const totalPages = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;

  const hrefWith = (changes: Record<string, string | null>) => {
    const qs = withChanges(searchParams, changes).toString();
    return qs ? `/products?${qs}` : '/products';
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <title>{`${title} | Cartwheel Store`}</title>
      <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="font-bold text-3xl tracking-tight">{title}</h1>
          <p className="mt-1 flex flex-wrap gap-x-2 text-muted-foreground text-sm">
            {params.search ? <span>Results for &ldquo;{params.search}&rdquo;</span> : null}
            <span aria-live="polite">{data ? plural(data.total, 'product') : null}</span>
            {params.search ? (
              <Link
                to={hrefWith({ search: null, page: null })}
                className="font-medium text-foreground underline underline-offset-4"
              >
                Clear search
              </Link>
            ) : null}
            {hasFilters ? (
              <Link to="/products" className="font-medium text-foreground underline underline-offset-4">
                Clear all filters
              </Link>
            ) : null}
          </p>
        </div>
        <div className="flex items-center gap-2">
          <label htmlFor={sortId} className="whitespace-nowrap font-medium text-sm">
            Sort by
          </label>
          <FilterSelect
            id={sortId}
            value={params.sort}
            onChange={(value) => setFilters({ sort: value })}
            options={SORT_MENU.map((sort) => ({ value: sort, label: PRODUCT_SORT_LABELS[sort] }))}
          />
        </div>
      </div>

      <section
        aria-label="Filters"
        className="mb-6 flex flex-col gap-3 rounded-lg border bg-muted/30 p-3 sm:flex-row sm:flex-wrap sm:items-center"
      >
        {slugFilters.map(({ key, label, allLabel, items }) => (
          <FilterSelect
            key={key}
            aria-label={label}
            value={params[key] ?? ''}
            onChange={(value) => setFilters({ [key]: value })}
            options={filterOptions(allLabel, items, params[key])}
            className="sm:w-52"
          />
        ))}
        <div className="flex items-center gap-2">
          <input
            id={featuredId}
            type="checkbox"
            checked={Boolean(params.featured)}
            onChange={(event) => setFilters({ featured: event.target.checked ? 'true' : null })}
            className="size-4 accent-primary"
          />
          <label htmlFor={featuredId} className="font-medium text-sm">
            Featured only
          </label>
        </div>
      </section>

      <ProductGrid products={data?.items} isPending={isPending} error={error} skeletonCount={12} />

      {data && totalPages > 1 ? (
        <nav aria-label="Pagination" className="mt-8 flex items-center justify-center gap-4">
          {params.page > 1 ? (
            <Button asChild variant="outline" size="sm">
              <Link to={hrefWith({ page: params.page > 2 ? String(params.page - 1) : null })}>
                <ChevronLeft aria-hidden="true" />
                Previous
              </Link>
            </Button>
          ) : (
            <Button variant="outline" size="sm" disabled>
              <ChevronLeft aria-hidden="true" />
              Previous
            </Button>
          )}
          <span className="text-muted-foreground text-sm">
            Page {params.page} of {totalPages}
          </span>
          {params.page < totalPages ? (
            <Button asChild variant="outline" size="sm">
              <Link to={hrefWith({ page: String(params.page + 1) })}>
                Next
                <ChevronRight aria-hidden="true" />
              </Link>
            </Button>
          ) : (
            <Button variant="outline" size="sm" disabled>
              Next
              <ChevronRight aria-hidden="true" />
            </Button>
          )}
        </nav>
      ) : null}
    </div>
  );
}
