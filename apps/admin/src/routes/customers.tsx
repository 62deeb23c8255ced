import { plural } from '@cartwheel/shared/text';
import { Button } from '@cartwheel/ui/button';
import { Input } from '@cartwheel/ui/input';
import { Download } from 'lucide-react';
import { LoadError } from '../components/load-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { customersExportUrl, useCustomers } from '../features/customers/api/get-customers.ts';
import { CustomersTable } from '../features/customers/components/customers-table.tsx';
import { useCustomerListParams } from '../features/customers/components/use-customer-list-params.ts';
import { useCan } from '../lib/use-can.ts';

/** /admin/customers: everyone with a customer account, with order count, total spent and last order. */
export function CustomersRoute() {
  const [params, setParams] = useCustomerListParams();
  const customers = useCustomers(params);
  const can = useCan();
  return (
    <>
      <PageHeader title="Customers">
        {customers.data ? (
          <p className="text-muted-foreground text-sm">{plural(customers.data.total, 'customer')}</p>
        ) : null}
        {can('customers.export') ? (
          <Button variant="outline" asChild>
            <a href={customersExportUrl(params)} download>
              <Download aria-hidden="true" />
              Export
            </a>
          </Button>
        ) : null}
      </PageHeader>
      <Input
        type="search"
        aria-label="Filter by tag"
        placeholder="Filter by tag"
        defaultValue={params.tag}
        onChange={(e) => setParams({ tag: e.target.value.trim() })}
        className="sm:max-w-xs"
      />
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
