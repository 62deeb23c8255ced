import { Skeleton } from '@cartwheel/ui/skeleton';
import { Link, useParams } from 'react-router';
import { Breadcrumb } from '../components/breadcrumb.tsx';
import { useCategory } from '../features/catalog/api/get-category.ts';
import { NotFoundRoute } from './not-found.tsx';
import { CatalogView } from './products.tsx';

const categoryPath = (slug: string) => `/categories/${encodeURIComponent(slug)}`;

/**
 * A category's page: the catalog list (filters, sorting, paging as on /products) of the products in
 * the category or any of its sub-categories, with a breadcrumb back up the tree and links to the
 * sub-categories. A hidden or unknown category shows the not-found page.
 */
export function CategoryRoute() {
  const { slug = '' } = useParams();
  const { data, isPending, isError } = useCategory(slug);
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
      above={
        <Breadcrumb
          trail={[
            { to: '/products', label: 'Products' },
            ...data.breadcrumb.map((c) => ({ to: categoryPath(c.slug), label: c.name })),
          ]}
          current={data.category.name}
          className="mb-3"
        />
      }
      below={
        data.children.length ? (
          <ul aria-label="Sub-categories" className="mt-3 flex flex-wrap gap-2">
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
