import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { LoadError, LoadingBlocks } from '../components/load-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { useStoreSettings } from '../features/content/api/content.ts';
import { StoreSettingsForm } from '../features/content/components/store-settings-form.tsx';

/** /admin/channels/online-store (admins): how the storefront looks and presents the shop. */
export function OnlineStoreRoute() {
  const settings = useStoreSettings();
  return (
    <>
      <PageHeader title="Online Store" />
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Shop identity</h2>
          </CardTitle>
          <CardDescription>
            Shown on every storefront page and in emails; changes appear on the next page load.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {settings.isPending ? (
            <LoadingBlocks />
          ) : settings.isError ? (
            <LoadError title="Error loading the Online Store settings" error={settings.error} />
          ) : (
            <StoreSettingsForm settings={settings.data} />
          )}
        </CardContent>
      </Card>
    </>
  );
}
