import { Tag } from 'lucide-react';
import { EmptyState } from '../components/empty-state.tsx';
import { PageHeader } from '../components/page-header.tsx';

export function ProductsRoute() {
  return (
    <>
      <PageHeader title="Products" />
      <EmptyState icon={Tag} title="Your products">
        The products in your catalog will be listed here, with their price, inventory and status.
      </EmptyState>
    </>
  );
}
