import { LoadError, LoadingBlocks } from '../components/load-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { useCustomerGroups } from '../features/wholesale/api/wholesale.ts';
import { CustomerGroups } from '../features/wholesale/components/customer-groups.tsx';

/** /admin/customer-groups: wholesale groups with their minimum order and payment terms (decision 0093). */
export function CustomerGroupsRoute() {
  const groups = useCustomerGroups();
  return (
    <>
      <title>Customer groups | Cartwheel Admin</title>
      <PageHeader title="Customer groups" />
      {groups.isPending ? (
        <LoadingBlocks blockClassName="h-16 w-full" />
      ) : groups.isError ? (
        <LoadError title="Error loading the customer groups" error={groups.error} />
      ) : (
        <CustomerGroups groups={groups.data.items} currency={groups.data.base_currency} />
      )}
    </>
  );
}
