import { LoadError, LoadingBlocks } from '../components/load-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { useTransfers } from '../features/locations/api/locations.ts';
import { TransfersScreen } from '../features/locations/components/transfers-screen.tsx';
import { useLocations } from '../lib/stock-locations.ts';

/** /admin/transfers: stock moving between locations (decision 0095). */
export function TransfersRoute() {
  const transfers = useTransfers();
  const locations = useLocations();
  return (
    <>
      <title>Transfers | Cartwheel Admin</title>
      <PageHeader title="Transfers" />
      {transfers.isPending || locations.isPending ? (
        <LoadingBlocks blockClassName="h-16 w-full" />
      ) : transfers.isError || locations.isError ? (
        <LoadError title="Error loading the transfers" error={transfers.error ?? locations.error} />
      ) : (
        <TransfersScreen transfers={transfers.data.items} locations={locations.data.items} />
      )}
    </>
  );
}
