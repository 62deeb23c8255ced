import { LoadError, LoadingBlocks } from '../components/load-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { useLocations } from '../features/locations/api/locations.ts';
import { LocationsScreen } from '../features/locations/components/locations-screen.tsx';

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
