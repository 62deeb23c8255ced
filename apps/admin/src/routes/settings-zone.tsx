import { useParams } from 'react-router';
import { BackLink, RecordError, RecordLoading } from '../components/load-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { useZone } from '../features/settings/api/shipping-zones.ts';
import { ZoneForm } from '../features/settings/components/zone-form.tsx';

/** /admin/settings/shipping/zones/new and /:zoneId (admins): the zone editor. */
export function SettingsZoneRoute() {
  const { zoneId } = useParams();
  const zone = useZone(zoneId);
  const back = <BackLink to="/settings/shipping">Back to Shipping and taxes</BackLink>;
  if (!zoneId) {
    return (
      <>
        {back}
        <PageHeader title="Add shipping zone" />
        <ZoneForm />
      </>
    );
  }
  if (zone.isPending) return <RecordLoading back={back} bodyClassName="h-96 w-full" />;
  if (zone.isError) return <RecordError back={back} noun="shipping zone" error={zone.error} />;
  return (
    <>
      {back}
      <PageHeader title={zone.data.name} />
      <ZoneForm key={zone.data.id} zone={zone.data} />
    </>
  );
}
