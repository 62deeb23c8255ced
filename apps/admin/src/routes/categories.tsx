import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { LoadError, LoadingBlocks } from '../components/load-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { useAdminCategories } from '../features/categories/api/categories.ts';
import { CategoryTreeEditor } from '../features/categories/components/category-tree-editor.tsx';
import { useCan } from '../lib/use-can.ts';

/** /admin/categories: the category tree the storefront's menu and category pages show (managers edit, staff read). */
export function CategoriesRoute() {
  const can = useCan();
  const readOnly = !can('products.write');
  const list = useAdminCategories();
  return (
    <>
      <PageHeader title="Categories" />
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Category tree</h2>
          </CardTitle>
          <CardDescription>
            The store's menu and category pages follow this order. A hidden category hides its sub-categories
            too; a category's page lists the products of its sub-categories as well.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {list.isPending ? (
            <LoadingBlocks />
          ) : list.isError ? (
            <LoadError title="Error loading categories" error={list.error} />
          ) : (
            <CategoryTreeEditor items={list.data.items} readOnly={readOnly} />
          )}
        </CardContent>
      </Card>
    </>
  );
}
