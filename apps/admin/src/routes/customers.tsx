import { plural } from '@cartwheel/shared/text';
import { LoadError } from '../components/load-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { useCustomers } from '../features/customers/api/get-customers.ts';
import { CustomersTable } from '../features/customers/components/customers-table.tsx';
import { useCustomerListParams } from '../features/customers/components/use-customer-list-params.ts';

/** /admin/customers: everyone with a customer account, with order count, total spent and last order. */
export function CustomersRoute() {
  const [params, setParams] = useCustomerListParams();
  const customers = useCustomers(params);
  return (
    <>
      <PageHeader title="Customers">
        {customers.data ? (
          <p className="text-muted-foreground text-sm">{plural(customers.data.total, 'customer')}</p>
        ) : null}
      </PageHeader>
      {customers.isError && !customers.data ? (
        <LoadError title="Error loading customers" error={customers.error} />
      ) : (
        <CustomersTable
          params={params}
          onParamsChange={setParams}
          customers={customers.data?.items ?? []}
          total={customers.data?.total ?? 0}
          isLoading={customers.isPending}
        />
      )}
    </>
  );
}
