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
          <p className="text-muted-foreground text-sm">
            {customers.data.total.toLocaleString('en-US')}{' '}
            {customers.data.total === 1 ? 'customer' : 'customers'}
          </p>
        ) : null}
      </PageHeader>
      {customers.isError && !customers.data ? (
        <div role="alert" className="rounded-md border border-destructive/50 p-4">
          <p className="font-medium text-destructive">Error loading customers</p>
          <p className="text-muted-foreground text-sm">
            {customers.error.message || 'An unexpected error occurred'}
          </p>
        </div>
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
