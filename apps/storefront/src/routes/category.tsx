import { categoryUrl } from '@cartwheel/shared/seo';
import { Skeleton } from '@cartwheel/ui/skeleton';
import { Link, useParams } from 'react-router';
import type { RouteHandle } from '../app/prefetch.ts';
import { Breadcrumb } from '../components/breadcrumb.tsx';
import { categoryQueryOptions, useCategory } from '../features/catalog/api/get-category.ts';
import { catalogSearchQuery, searchProductsQueryOptions } from '../features/catalog/api/search-products.ts';
import { useT } from '../i18n/i18n.tsx';
import { useSite, useStoreTitle } from '../lib/site.ts';
import { NotFoundRoute } from './not-found.tsx';
import { CatalogView } from './products.tsx';

const categoryPath = (slug: string) => `/categories/${encodeURIComponent(slug)}`;

export const handle: RouteHandle = {
  // The list is asked for by the slug in the address, as CatalogView asks for it.
  prefetch: ({ queryClient, params, searchParams }) =>
    Promise.all([
      queryClient.prefetchQuery(categoryQueryOptions(params.slug ?? '')),
      queryClient.prefetchQuery(searchProductsQueryOptions(catalogSearchQuery(searchParams, params.slug))),
    ]),
};

/**
 * A category's page: the catalog list (filters, sorting, paging as on /products) of the products in
 * the category or any of its sub-categories, with a breadcrumb back up the tree and links to the
 * sub-categories. A hidden or unknown category shows the not-found page.
 */
export function CategoryRoute() {
  const { slug = '' } = useParams();
  const { data, isPending, isError } = useCategory(slug);
  const t = useT();
  const storeTitle = useStoreTitle();
  const publicUrl = useSite().data?.public_url ?? '';
  if (isError) return <NotFoundRoute />;
  if (isPending) {
    return (
      <div className="mx-auto max-w-6xl px-4 py-8" aria-busy="true">
        <Skeleton className="mb-4 h-4 w-48" />
        <Skeleton className="h-9 w-64" />
      </div>
    );
  }
  return (
    <CatalogView
      key={data.category.id}
      basePath={categoryPath(data.category.slug)}
      category={data.category}
      description={
        data.children.length
          ? t('category.descriptionWithChildren', {
              name: data.category.name,
              storeTitle,
              children: data.children.map((c) => c.name).join(', '),
            })
          : t('category.description', { name: data.category.name, storeTitle })
      }
      jsonLd={{
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [...data.breadcrumb, data.category].map((c, i) => ({
          '@type': 'ListItem',
          position: i + 1,
          name: c.name,
          item: categoryUrl(publicUrl, c.slug),
        })),
      }}
      above={
        <Breadcrumb
          trail={[
            { to: '/products', label: t('header.productsLink') },
            ...data.breadcrumb.map((c) => ({ to: categoryPath(c.slug), label: c.name })),
          ]}
          current={data.category.name}
          className="mb-3"
        />
      }
      below={
        data.children.length ? (
          <ul aria-label={t('category.children')} className="mt-3 flex flex-wrap gap-2">
            {data.children.map((child) => (
              <li key={child.id}>
                <Link
                  to={categoryPath(child.slug)}
                  className="inline-block rounded-full border px-3 py-1 font-medium text-sm hover:bg-muted"
                >
                  {child.name}
                </Link>
              </li>
            ))}
          </ul>
        ) : null
      }
    />
  );
}
