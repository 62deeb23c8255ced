import { Users } from 'lucide-react';
import { EmptyState } from '../components/empty-state.tsx';
import { PageHeader } from '../components/page-header.tsx';

export function CustomersRoute() {
  return (
    <>
      <PageHeader title="Customers" />
      {/* Spec section 2: "placeholder saying customer management is not built yet". */}
      <EmptyState icon={Users} title="Customers">
        Customer management is not built yet.
      </EmptyState>
    </>
  );
}
