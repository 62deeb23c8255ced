import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { BackLink, LoadError, LoadingBlocks } from '../components/load-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { usePaymentSettings } from '../features/settings/api/payment-settings.ts';
import { PaymentProviderForm } from '../features/settings/components/payment-provider-form.tsx';

/** /admin/settings/payments (admins): the payment provider new checkouts use. */
export function SettingsPaymentsRoute() {
  const settings = usePaymentSettings();
  return (
    <>
      <BackLink to="/settings">Back to Settings</BackLink>
      <PageHeader title="Payments" />
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Payment provider</h2>
          </CardTitle>
          <CardDescription>
            Where shoppers pay. Checkouts already started and refunds stay with the provider that took the
            payment. API keys are set in the server's environment, never here.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {settings.isPending ? (
            <LoadingBlocks />
          ) : settings.isError ? (
            <LoadError title="Error loading the payment settings" error={settings.error} />
          ) : (
            <PaymentProviderForm key={settings.data.provider} settings={settings.data} />
          )}
        </CardContent>
      </Card>
    </>
  );
}
