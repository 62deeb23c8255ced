import { formatAddressLines } from '@cartwheel/shared/address';
import { ApiError } from '@cartwheel/shared/api-client';
import { DEFAULT_COUNTRY } from '@cartwheel/shared/constants';
import { apiFieldErrors } from '@cartwheel/shared/field-errors';
import { localeTag } from '@cartwheel/shared/locale';
import { useMe } from '@cartwheel/shared/use-me';
import { Button } from '@cartwheel/ui/button';
import { Checkbox } from '@cartwheel/ui/checkbox';
import { DialogFooter } from '@cartwheel/ui/dialog';
import { Form, FormError } from '@cartwheel/ui/form';
import { InputField } from '@cartwheel/ui/input-field';
import { Label } from '@cartwheel/ui/label';
import { localizedResolver } from '@cartwheel/ui/lib/localized-resolver';
import { NativeSelect } from '@cartwheel/ui/native-select';
import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2 } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { type Path, useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import {
  AddressFields,
  addressGridClass,
  emptyAddress,
  regionName,
} from '../../../components/address/address-fields.tsx';
import { toAddressForm, useSavedAddresses } from '../../../components/address/saved-addresses.ts';
import { useShippingCountries } from '../../../components/address/shipping-countries.ts';
import { useMarketingConsent } from '../../../components/marketing/marketing-consent.ts';
import { type CheckoutCart, useCheckoutQuote } from '../../../components/quote/checkout-quote.ts';
import { apiErrorMessage } from '../../../i18n/api-errors.ts';
import { useLocale, useT } from '../../../i18n/i18n.tsx';
import { localizeMessage } from '../../../i18n/validation.ts';
import { useCreateCheckoutSession } from '../api/create-checkout-session.ts';
import {
  type CheckoutFormValues,
  checkoutForm,
  discountStatusOf,
  formFieldOf,
  NEW_ADDRESS,
  quoteRequestOf,
  sessionRequestOf,
} from '../checkout-values.ts';
import { rememberGuestEmail } from '../guest-email.ts';
import { DiscountCodeField } from './discount-code-field.tsx';
import { OrderSummary } from './order-summary.tsx';
import { ShippingMethods } from './shipping-methods.tsx';

/** Opens the payment page in a new tab; falls back to this tab when a popup blocker says no. */
function openPaymentPage(url: string) {
  const tab = window.open(url, '_blank');
  if (!tab) {
    window.location.assign(url);
    return;
  }
  try {
    // The payment page has no business with this window.
    tab.opener = null;
  } catch {
    // Already cross-origin: nothing to cut.
  }
}

/**
 * The checkout: contact, the address (country first; the default saved address filled in), the
 * destination's shipping methods, a discount code and the order summary, priced by the server as
 * the choices change. A session opens the payment page in a new tab.
 */
export function CheckoutForm({
  cart,
  onPaid,
  onCancel,
  onBusyChange,
}: {
  cart: CheckoutCart;
  onPaid: () => void;
  onCancel: () => void;
  onBusyChange: (busy: boolean) => void;
}) {
  const { user, profile } = useMe();
  const signedIn = cart.userId !== null;
  const formId = useId();
  const countries = useShippingCountries();
  const saved = useSavedAddresses(cart.userId);
  const consent = useMarketingConsent(cart.userId);
  const checkout = useCreateCheckoutSession();
  const locale = useLocale();
  const t = useT();
  const resolver = useMemo(
    () =>
      localizedResolver<CheckoutFormValues, unknown, z.output<typeof checkoutForm>>(
        zodResolver(checkoutForm) as never,
        (message) => localizeMessage(t, message),
      ),
    [t],
  );
  const [code, setCode] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | undefined>();
  const [codeFieldError, setCodeFieldError] = useState<{ code: string; message: string } | undefined>();

  const form = useForm<CheckoutFormValues, unknown, z.output<typeof checkoutForm>>({
    resolver,
    defaultValues: {
      email: user?.email ?? '',
      marketing_opt_in: false,
      save_address: true,
      saved_address_id: NEW_ADDRESS,
      address: {
        ...emptyAddress(DEFAULT_COUNTRY),
        first_name: profile?.first_name ?? '',
        last_name: profile?.last_name ?? '',
      },
      shipping_method_id: '',
    },
  });
  const { control, setValue } = form;

  // The default saved address fills the form once, when it arrives (and nothing was typed yet).
  const prefilled = useRef(false);
  const savedAddresses = saved.data?.items ?? [];
  useEffect(() => {
    if (prefilled.current || !saved.data) return;
    prefilled.current = true;
    const preferred = saved.data.items.find((a) => a.is_default) ?? saved.data.items[0];
    if (!preferred || form.formState.dirtyFields.address) return;
    setValue('saved_address_id', preferred.id);
    setValue('address', toAddressForm(preferred));
  }, [saved.data, form, setValue]);

  // A signed-in shopper's opt-in box starts as their account's consent, once it arrives (unless
  // they ticked it meanwhile).
  useEffect(() => {
    if (!consent.data || form.getFieldState('marketing_opt_in').isDirty) return;
    setValue('marketing_opt_in', consent.data.marketing_opt_in);
  }, [consent.data, form, setValue]);

  const country = useWatch({ control, name: 'address.country' });
  const state = useWatch({ control, name: 'address.state_province' });
  const methodId = useWatch({ control, name: 'shipping_method_id' });
  const savedId = useWatch({ control, name: 'saved_address_id' });
  const request = useMemo(
    () => quoteRequestOf(cart, { country, state }, methodId, code),
    [cart, country, state, methodId, code],
  );
  const quote = useCheckoutQuote(cart.userId, cart.signature, request);
  const current = !quote.isPlaceholderData && !quote.isFetching;
  const methods = quote.data?.shipping_methods ?? [];
  // The quote's amounts are in its own currency; until one is in there is nothing to show in it.
  const currency = quote.data?.currency ?? '';
  // The server says it in English; the shopper reads it with the country named in their language.
  const noShippingTo = (code: string, english: string) =>
    t.language === 'en'
      ? english
      : t('apiError.noShipping', { country: regionName(localeTag(locale), code) ?? code });
  const noShippingMessage = quote.data?.no_shipping?.message;
  const noShipping = noShippingMessage && noShippingTo(request?.country ?? country, noShippingMessage);

  // Keep a method chosen: the first one offered when the destination changes what is offered.
  useEffect(() => {
    if (!quote.data || quote.isPlaceholderData) return;
    const offered = quote.data.shipping_methods;
    if (offered.some((m) => m.id === methodId)) return;
    setValue('shipping_method_id', offered[0]?.id ?? '');
  }, [quote.data, quote.isPlaceholderData, methodId, setValue]);

  const discount = codeFieldError
    ? ({ state: 'refused', ...codeFieldError } as const)
    : discountStatusOf(code, quote.data, current);
  const pending = checkout.isPending || form.formState.isSubmitting;
  useEffect(() => onBusyChange(pending), [pending, onBusyChange]);

  const chooseSaved = (id: string) => {
    setValue('saved_address_id', id);
    const address = savedAddresses.find((a) => a.id === id);
    setValue(
      'address',
      address
        ? toAddressForm(address)
        : {
            ...emptyAddress(country || DEFAULT_COUNTRY),
            first_name: profile?.first_name ?? '',
            last_name: profile?.last_name ?? '',
          },
    );
  };

  const submit = form.handleSubmit(async (values) => {
    setFormError(undefined);
    if (cart.itemCount <= 0) {
      toast.error(t('cart.empty'));
      return;
    }
    if (noShipping) {
      form.setError('address.country', { message: noShipping }, { shouldFocus: true });
      return;
    }
    if (methods.length > 0 && !values.shipping_method_id) {
      form.setError('shipping_method_id', { message: t('checkout.chooseMethod') });
      return;
    }
    const accepted = discount.state === 'applied' ? code : null;
    try {
      // Signed in, an untouched box whose consent never loaded says nothing: the account's consent stays.
      const consentUnknown = signedIn && !consent.data && !form.getFieldState('marketing_opt_in').isDirty;
      const { url } = await checkout.mutateAsync({
        ...sessionRequestOf(values, cart, accepted, consentUnknown),
        locale: localeTag(locale),
      });
      if (!signedIn) rememberGuestEmail(values.email);
      if (!url) {
        toast.error(t('checkout.noUrl'));
        return;
      }
      toast.success(t('checkout.redirecting'));
      openPaymentPage(url);
      onPaid();
    } catch (error) {
      showError(error);
    }
  });

  const showError = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'no_shipping_zone') {
      const message = noShippingTo(form.getValues('address.country'), error.message);
      form.setError('address.country', { message }, { shouldFocus: true });
      return;
    }
    let shown = 0;
    for (const { field, message } of apiFieldErrors(error)) {
      const target = formFieldOf(field);
      if (target === 'discount_code') {
        setCodeFieldError({ code: error instanceof ApiError ? error.code : '', message });
      } else if (target) {
        const shown = localizeMessage(t, message);
        form.setError(target as Path<CheckoutFormValues>, { message: shown }, { shouldFocus: true });
      } else continue;
      shown++;
    }
    if (shown === 0) {
      const message = apiErrorMessage(t, error, t('checkout.failed'));
      setFormError(message);
      toast.error(t('checkout.failedWith', { message }));
    }
  };

  const methodError = form.formState.errors.shipping_method_id?.message;
  const optInId = `${formId}-opt-in`;
  const saveId = `${formId}-save`;
  return (
    <Form {...form}>
      <form id={formId} noValidate onSubmit={submit} className={addressGridClass()}>
        <InputField
          control={control}
          name="email"
          label={t('checkout.email')}
          type="email"
          autoComplete="email"
          disabled={pending}
          itemClassName="col-span-2"
        />
        <div className="col-span-2 flex items-center gap-2">
          <Checkbox
            id={optInId}
            checked={form.watch('marketing_opt_in')}
            onCheckedChange={(checked) =>
              setValue('marketing_opt_in', checked === true, { shouldDirty: true })
            }
            disabled={pending}
          />
          <Label htmlFor={optInId}>{t('checkout.optIn')}</Label>
        </div>
        {savedAddresses.length > 0 ? (
          <div className="col-span-2 grid gap-2">
            <Label htmlFor={`${formId}-saved`}>{t('checkout.shipTo')}</Label>
            <NativeSelect
              id={`${formId}-saved`}
              className="w-full"
              value={savedId}
              disabled={pending}
              onChange={(event) => chooseSaved(event.target.value)}
            >
              {savedAddresses.map((address) => (
                <option key={address.id} value={address.id}>
                  {formatAddressLines(address).slice(1, 4).join(', ')}
                  {address.is_default ? ' (default)' : ''}
                </option>
              ))}
              <option value={NEW_ADDRESS}>{t('checkout.newAddress')}</option>
            </NativeSelect>
          </div>
        ) : null}
        <AddressFields
          prefix="address."
          countries={countries.data?.countries ?? []}
          countriesLoading={countries.isPending}
          disabled={pending}
        />
        {noShipping ? (
          <p role="alert" className="col-span-2 text-destructive text-sm" data-testid="no-shipping">
            {noShipping}
          </p>
        ) : null}
        {signedIn && savedId === NEW_ADDRESS ? (
          <div className="col-span-2 flex items-center gap-2">
            <Checkbox
              id={saveId}
              checked={form.watch('save_address')}
              onCheckedChange={(checked) => setValue('save_address', checked === true)}
              disabled={pending}
            />
            <Label htmlFor={saveId}>{t('checkout.saveAddress')}</Label>
          </div>
        ) : null}
        {methods.length > 0 ? (
          <ShippingMethods
            name={`${formId}-method`}
            methods={methods}
            currency={currency}
            value={methodId}
            onChange={(id) => setValue('shipping_method_id', id, { shouldValidate: true })}
            error={methodError}
            disabled={pending}
          />
        ) : null}
        <DiscountCodeField
          applied={code}
          status={discount}
          disabled={pending}
          onApply={(next) => {
            setCodeFieldError(undefined);
            setCode(next);
          }}
          onRemove={() => {
            setCodeFieldError(undefined);
            setCode(null);
          }}
        />
        <div className="col-span-2 rounded-md border bg-muted/30 p-4">
          {quote.isError && !quote.data ? (
            <p role="alert" className="text-destructive text-sm">
              {t('checkout.quoteFailed', { message: apiErrorMessage(t, quote.error, t('common.error')) })}
            </p>
          ) : (
            <OrderSummary
              priced={quote.data?.priced}
              currency={currency}
              lineNames={cart.lineNames}
              methodChosen={Boolean(methodId)}
              updating={!current}
            />
          )}
        </div>
        <FormError className="col-span-2">{formError}</FormError>
      </form>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" form={formId} disabled={pending || Boolean(noShipping)}>
          {pending ? (
            <>
              <Loader2 aria-hidden="true" className="animate-spin" />
              {t('checkout.processing')}
            </>
          ) : (
            t('checkout.continue')
          )}
        </Button>
      </DialogFooter>
    </Form>
  );
}
