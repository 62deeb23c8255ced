import { BellRing } from 'lucide-react';
import { EmptyState } from '../components/empty-state.tsx';
import { LoadError, LoadingBlocks } from '../components/load-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { useWaitingForStock } from '../features/stock-alerts/api/stock-alerts.ts';
import { WaitingTable } from '../features/stock-alerts/components/waiting-table.tsx';

/** /admin/stock-alerts: who is waiting for what to come back in stock, a demand signal for purchasing. */
export function StockAlertsRoute() {
  const { data, isPending, error } = useWaitingForStock();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title="Waiting for stock" />
      {isPending ? (
        <LoadingBlocks />
      ) : error ? (
        <LoadError title="Could not load who is waiting for stock" error={error} />
      ) : data.items.length === 0 ? (
        <EmptyState icon={BellRing} title="Nobody is waiting for stock">
          When shoppers ask to be emailed about a sold-out product, it shows here with how many are waiting.
          They are emailed in the order they asked as soon as stock comes back.
        </EmptyState>
      ) : (
        <WaitingTable items={data.items} />
      )}
    </div>
  );
}
