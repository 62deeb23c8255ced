import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@cartwheel/ui/card';
import { BackLink, LoadError, LoadingBlocks } from '../components/load-state.tsx';
import { PageHeader } from '../components/page-header.tsx';
import { useShopSettings } from '../features/settings/api/base-currency.ts';
import { useCheckoutSettings } from '../features/settings/api/shipping-zones.ts';
import { BaseCurrencyForm } from '../features/settings/components/base-currency-form.tsx';
import { CheckoutSettingsForm } from '../features/settings/components/checkout-settings-form.tsx';

/** /admin/settings/checkout (admins): the store currency, guest checkout, the stock hold and the tax switches. */
export function SettingsCheckoutRoute() {
  const settings = useCheckoutSettings();
  const shop = useShopSettings();
  return (
    <>
      <BackLink to="/settings">Back to Settings</BackLink>
      <PageHeader title="Checkout" />
      <Card>
        <CardHeader>
          <CardTitle>
            <h2>Store currency</h2>
          </CardTitle>
          <CardDescription>
            The currency of your prices, discounts, shipping rates and reports.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {shop.isPending ? (
            <LoadingBlocks />
          ) : shop.isError ? (
            <LoadError title="Error loading the store currency" error={shop.error} />
          ) : (
            <BaseCurrencyForm key={shop.data.base_currency} current={shop.data.base_currency} />
          )}
        </CardContent>
      </Card>
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
