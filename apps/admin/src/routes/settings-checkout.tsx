import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { BackLink, LoadError, LoadingBlocks } from '../components/load-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { useCheckoutSettings } from '../features/settings/api/shipping-zones.ts';
import { CheckoutSettingsForm } from '../features/settings/components/checkout-settings-form.tsx';

/** /admin/settings/checkout (admins): guest checkout, the stock hold and the tax switches. */
export function SettingsCheckoutRoute() {
  const settings = useCheckoutSettings();
  return (
    <>
      <BackLink to="/settings">Back to Settings</BackLink>
      <PageHeader title="Checkout" />
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Checkout settings</h2>
          </CardTitle>
          <CardDescription>How shoppers check out and how tax is counted.</CardDescription>
        </CardHeader>
        <CardContent>
          {settings.isPending ? (
            <LoadingBlocks />
          ) : settings.isError ? (
            <LoadError title="Error loading the checkout settings" error={settings.error} />
          ) : (
            <CheckoutSettingsForm settings={settings.data} />
          )}
        </CardContent>
      </Card>
    </>
  );
}
