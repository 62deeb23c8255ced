import { ApiError } from '@cartwheel/shared/api-client';
import { Button } from '@cartwheel/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { Skeleton } from '@cartwheel/ui/skeleton';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../components/page-header.tsx';
import { useCustomer } from '../features/customers/api/get-customer.ts';
import { CustomerProfile } from '../features/customers/components/customer-profile.tsx';
import { CompactOrdersTable } from '../features/orders/components/compact-orders-table.tsx';

function BackToCustomers() {
  return (
    <Button variant="ghost" size="sm" asChild className="-ml-2 w-fit">
      <Link to="/customers">
        <ArrowLeft aria-hidden="true" />
        Back to Customers
      </Link>
    </Button>
  );
}

/** /admin/customers/:customerId: the customer's profile, figures and orders. */
export function CustomerRoute() {
  const { customerId = '' } = useParams();
  const customer = useCustomer(customerId);

  if (customer.isPending) {
    return (
      <div className="flex flex-col gap-4" aria-busy="true">
        <BackToCustomers />
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (customer.isError) {
    const missing =
      customer.error instanceof ApiError && (customer.error.status === 404 || customer.error.status === 400);
    return (
      <div className="flex flex-col gap-4">
        <BackToCustomers />
        <title>{`${missing ? 'Customer not found' : 'Error loading customer'} | Cartwheel Admin`}</title>
        <div role="alert" className="rounded-md border p-6 text-center">
          <h1 className="font-semibold text-xl">
            {missing ? 'Customer not found' : 'Error loading customer'}
          </h1>
          <p className="text-muted-foreground text-sm">
            {missing ? "The customer you're looking for doesn't exist." : customer.error.message}
          </p>
        </div>
      </div>
    );
  }
  const data = customer.data;
  return (
    <>
      <div className="flex flex-col gap-2">
        <BackToCustomers />
        <PageHeader title={data.name} />
      </div>
      <CustomerProfile customer={data} />
      <Card>
        <CardHeader>
          <CardTitle>Orders</CardTitle>
        </CardHeader>
        <CardContent>
          <CompactOrdersTable orders={data.orders} />
          {data.order_count > data.orders.length ? (
            <p className="mt-3 text-muted-foreground text-sm">
              Showing the latest {data.orders.length} of {data.order_count} orders.
            </p>
          ) : null}
        </CardContent>
      </Card>
    </>
  );
}
