import { plural } from '@cartwheel/shared/text';
import { Card, CardContent, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { useParams } from 'react-router';
import { BackLink, RecordError, RecordLoading } from '../components/load-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { AppPanels } from '../features/apps/components/app-panels.tsx';
import { useCustomer } from '../features/customers/api/get-customer.ts';
import { CustomerProfile } from '../features/customers/components/customer-profile.tsx';
import { StoreCreditCard } from '../features/gift-cards/components/store-credit-card.tsx';
import { CompactOrdersTable } from '../features/orders/components/compact-orders-table.tsx';
import { useBaseCurrency } from '../lib/base-currency.ts';

const back = <BackLink to="/customers">Back to Customers</BackLink>;

/** /admin/customers/:customerId: the customer's profile, figures and orders. */
export function CustomerRoute() {
  const { customerId = '' } = useParams();
  const customer = useCustomer(customerId);
  const currency = useBaseCurrency();

  if (customer.isPending) return <RecordLoading back={back} bodyClassName="h-40 w-full" />;
  if (customer.isError) return <RecordError back={back} noun="customer" error={customer.error} />;
  const data = customer.data;
  return (
    <>
      <div className="flex flex-col gap-2">
        {back}
        <PageHeader title={data.name} />
      </div>
      <CustomerProfile customer={data} />
      <StoreCreditCard customerId={data.id} currency={currency} />
      <AppPanels resource="customer" id={data.id} />
      <Card>
        <CardHeader>
          <CardTitle>Orders</CardTitle>
        </CardHeader>
        <CardContent>
          <CompactOrdersTable orders={data.orders} />
          {data.order_count > data.orders.length ? (
            <p className="mt-3 text-muted-foreground text-sm">
              Showing the latest {data.orders.length} of {plural(data.order_count, 'order')}.
            </p>
          ) : null}
        </CardContent>
      </Card>
    </>
  );
}
