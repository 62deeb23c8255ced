import { useParams } from 'react-router';
import { BackLink, RecordError, RecordLoading } from '../components/load-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { useTaxPlaces } from '../features/settings/api/tax-places.ts';
import { TaxPlaceForm } from '../features/settings/components/tax-place-form.tsx';

/** /admin/settings/shipping/taxes/new and /:place (admins): a country's or state's taxes. */
export function SettingsTaxPlaceRoute() {
  const { place } = useParams();
  const places = useTaxPlaces();
  const back = <BackLink to="/settings/shipping">Back to Shipping and taxes</BackLink>;
  if (!place) {
    return (
      <>
        {back}
        <PageHeader title="Add taxes for a place" />
        <TaxPlaceForm />
      </>
    );
  }
  if (places.isPending) return <RecordLoading back={back} bodyClassName="h-96 w-full" />;
  if (places.isError) return <RecordError back={back} noun="taxes" error={places.error} />;
  const found = places.data.items.find((p) => p.place === place.toUpperCase());
  if (!found) return <RecordError back={back} noun="taxes" error={new Error(`No taxes for ${place}`)} />;
  return (
    <>
      {back}
      <PageHeader title={`Taxes: ${found.name}`} />
      <TaxPlaceForm key={found.place} place={found} />
    </>
  );
}
