import { LoadError, LoadingBlocks } from '../components/load-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { LocationsScreen } from '../features/locations/components/locations-screen.tsx';
import { useLocations } from '../lib/stock-locations.ts';

/** /admin/settings/locations: where stock is kept (decision 0095). */
export function LocationsRoute() {
  const locations = useLocations();
  return (
    <>
      <title>Locations | Cartwheel Admin</title>
      <PageHeader title="Locations" />
      {locations.isPending ? (
        <LoadingBlocks blockClassName="h-16 w-full" />
      ) : locations.isError ? (
        <LoadError title="Error loading the locations" error={locations.error} />
      ) : (
        <LocationsScreen locations={locations.data.items} />
      )}
    </>
  );
}
