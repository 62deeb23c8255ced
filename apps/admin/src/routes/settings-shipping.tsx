import { Button } from '@cartwheel/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { Plus, Truck } from 'lucide-react';
import { Link } from 'react-router';
import { EmptyState } from '../components/empty-state.tsx';
import { BackLink, LoadError, LoadingBlocks } from '../components/load-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { useZones } from '../features/settings/api/shipping-zones.ts';
import { ZoneList } from '../features/settings/components/zone-list.tsx';

/** /admin/settings/shipping (admins): the shipping zones, their methods and tax rates. */
export function SettingsShippingRoute() {
  const zones = useZones();
  const addButton = (
    <Button asChild>
      <Link to="/settings/shipping/zones/new">
        <Plus aria-hidden="true" />
        Add zone
      </Link>
    </Button>
  );
  return (
    <>
      <BackLink to="/settings">Back to Settings</BackLink>
      <PageHeader title="Shipping and taxes">{addButton}</PageHeader>
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Shipping zones</h2>
          </CardTitle>
          <CardDescription>
            Shoppers can check out only to a country (or state) in a zone. A zone listing some states of a
            country takes those states from a zone with the whole country.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {zones.isPending ? (
            <LoadingBlocks blockClassName="h-24 w-full" />
          ) : zones.isError ? (
            <LoadError title="Error loading the shipping zones" error={zones.error} />
          ) : zones.data.items.length === 0 ? (
            <EmptyState icon={Truck} title="No shipping zones">
              Nobody can check out until you add a zone with the countries you ship to and a shipping method.
            </EmptyState>
          ) : (
            <ZoneList zones={zones.data.items} />
          )}
        </CardContent>
      </Card>
    </>
  );
}
