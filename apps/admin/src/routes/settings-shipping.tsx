import { getErrorMessage } from '@cartwheel/shared/errors';
import { Button } from '@cartwheel/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { Plus, Receipt, Truck } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { EmptyState } from '../components/empty-state.tsx';
import { BackLink, LoadError, LoadingBlocks } from '../components/load-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { useZones } from '../features/settings/api/shipping-zones.ts';
import { useAddStandardTaxes, useTaxPlaces } from '../features/settings/api/tax-places.ts';
import { TaxPlaceList } from '../features/settings/components/tax-place-list.tsx';
import { ZoneList } from '../features/settings/components/zone-list.tsx';

/** /admin/settings/shipping (admins): the shipping zones and their methods, and the taxes by place. */
export function SettingsShippingRoute() {
  const zones = useZones();
  const taxes = useTaxPlaces();
  const addStandard = useAddStandardTaxes();
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
      <Card>
        <CardHeader className="flex flex-row items-start justify-between gap-3">
          <div className="flex flex-col gap-1.5">
            <CardTitle>
              <h2>Taxes by place</h2>
            </CardTitle>
            <CardDescription>
              What each country, state or province charges. A state with taxes of its own charges those
              instead of its country's; a place not listed charges none. Charge tax only where you are
              registered to collect it: "Add standard rates" adds the usual rates of the US states, Canada,
              the EU, the UK and Japan to the places you have not set.
            </CardDescription>
          </div>
          <div className="flex flex-wrap justify-end gap-2">
            <Button
              variant="outline"
              disabled={addStandard.isPending}
              onClick={() =>
                addStandard.mutate(undefined, {
                  onSuccess: () => toast.success('Standard rates added'),
                  onError: (error) => toast.error(getErrorMessage(error)),
                })
              }
            >
              Add standard rates
            </Button>
            <Button variant="outline" asChild>
              <Link to="/settings/shipping/taxes/new">
                <Plus aria-hidden="true" />
                Add place
              </Link>
            </Button>
          </div>
        </CardHeader>
        <CardContent>
          {taxes.isPending ? (
            <LoadingBlocks blockClassName="h-24 w-full" />
          ) : taxes.isError ? (
            <LoadError title="Error loading the taxes" error={taxes.error} />
          ) : taxes.data.items.length === 0 ? (
            <EmptyState icon={Receipt} title="No taxes">
              Orders are charged no tax until you add the places that tax them.
            </EmptyState>
          ) : (
            <TaxPlaceList places={taxes.data.items} />
          )}
        </CardContent>
      </Card>
    </>
  );
}
