import { Inbox } from 'lucide-react';
import { EmptyState } from '../components/empty-state.tsx';
import { PageHeader } from '../components/page-header.tsx';

export function OrdersRoute() {
  return (
    <>
      <PageHeader title="Orders" />
      <EmptyState icon={Inbox} title="Your orders">
        Orders placed in your store will be listed here, with their payment and fulfillment status.
      </EmptyState>
    </>
  );
}
