import { formatAddressLines } from '@cartwheel/shared/address';
import { ApiError } from '@cartwheel/shared/api-client';
import { DEFAULT_COUNTRY } from '@cartwheel/shared/constants';
import { apiFieldErrors } from '@cartwheel/shared/field-errors';
import { localeTag } from '@cartwheel/shared/locale';
import { useMe } from '@cartwheel/shared/use-me';
import { Button } from '@cartwheel/ui/button';
import { Checkbox } from '@cartwheel/ui/checkbox';
import { Form, FormError } from '@cartwheel/ui/form';
import { InputField } from '@cartwheel/ui/input-field';
import { Label } from '@cartwheel/ui/label';
import { lazyResolver, localizedResolver } from '@cartwheel/ui/lib/localized-resolver';
import { NativeSelect } from '@cartwheel/ui/native-select';
import { ChevronDown, Loader2 } from 'lucide-react';
import { type ReactNode, useEffect, useId, useMemo, useRef, useState } from 'react';
import { type Path, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
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
import { authPath } from '../../../lib/return-to.ts';
import { useCreateCheckoutSession } from '../api/create-checkout-session.ts';
import type { CheckedCheckoutForm } from '../checkout-schema.ts';
import {
  type CheckoutFormValues,
  cheapestMethodId,
  discountStatusOf,
  formFieldOf,
  NEW_ADDRESS,
  quoteRequestOf,
  sessionRequestOf,
} from '../checkout-values.ts';
import { markCheckoutStarted } from '../started-checkout.ts';
import { DiscountCodeField } from './discount-code-field.tsx';
import { OrderSummary } from './order-summary.tsx';
import { ShippingMethods } from './shipping-methods.tsx';

const loadCheckoutSchema = () => import('../checkout-schema.ts');

/** A titled part of the checkout page (Contact, Delivery, ...). */
function Section({ title, children, aside }: { title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <section className="col-span-2 grid grid-cols-2 gap-4">
      <div className="col-span-2 flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-semibold text-lg">{title}</h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

/**
 * The checkout page: contact, the delivery address (country first; a signed-in buyer's default or
 * latest saved address filled in), the destination's shipping methods, a discount code, then payment,
 * beside the order summary the server prices as the choices change (collapsed on phones). Payment
 * opens the provider's page in this tab.
 */
export function CheckoutForm({ cart }: { cart: CheckoutCart }) {
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
      localizedResolver<CheckoutFormValues, unknown, CheckedCheckoutForm>(
        lazyResolver(async () => (await loadCheckoutSchema()).checkoutResolver as never),
        (message) => localizeMessage(t, message),
      ),
    [t],
  );
  const [code, setCode] = useState<string | null>(null);
  const [useCredit, setUseCredit] = useState(false);
  const [formError, setFormError] = useState<string | undefined>();
  const [codeFieldError, setCodeFieldError] = useState<{ code: string; message: string } | undefined>();
  // On the way to the payment page: the form stays disabled until the browser has left.
  const [leaving, setLeaving] = useState(false);

  const form = useForm<CheckoutFormValues, unknown, CheckedCheckoutForm>({
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
    const latest = saved.data.items.toSorted((a, b) => b.created_at.localeCompare(a.created_at))[0];
    const preferred = saved.data.items.find((a) => a.is_default) ?? latest;
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
    () => quoteRequestOf(cart, { country, state }, methodId, code, useCredit),
    [cart, country, state, methodId, code, useCredit],
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

  // Keep a method chosen: the cheapest offered when the destination changes what is offered.
  useEffect(() => {
    if (!quote.data || quote.isPlaceholderData) return;
    const offered = quote.data.shipping_methods;
    if (offered.some((m) => m.id === methodId)) return;
    setValue('shipping_method_id', cheapestMethodId(offered));
  }, [quote.data, quote.isPlaceholderData, methodId, setValue]);

  const discount = codeFieldError
    ? ({ state: 'refused', ...codeFieldError } as const)
    : discountStatusOf(code, quote.data, current);
  const pending = checkout.isPending || form.formState.isSubmitting || leaving;

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
        ...sessionRequestOf(values, cart, accepted, consentUnknown, useCredit),
        locale: localeTag(locale),
      });
      if (!url) {
        toast.error(t('checkout.noUrl'));
        return;
      }
      toast.success(t('checkout.redirecting'));
      markCheckoutStarted();
      setLeaving(true);
      // The payment page in this tab; it sends the browser back to the receipt.
      window.location.assign(url);
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
  const creditId = `${formId}-credit`;
  const creditBalance = quote.data?.store_credit_balance ?? 0;
  // Gift cards and store credit pay it all: no card page, the order is placed at once.
  const nothingDue = quote.data !== undefined && quote.data.tenders.length > 0 && quote.data.amount_due === 0;
  const saveId = `${formId}-save`;
  const summary =
    quote.isError && !quote.data ? (
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
        tenders={quote.data?.tenders ?? []}
        amountDue={quote.data?.amount_due}
      />
    );
  return (
    <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_24rem]">
      <SummaryPanel total={quote.data ? t.money(quote.data.priced.total, currency) : null}>
        {summary}
      </SummaryPanel>
      <Form {...form}>
        <form
          id={formId}
          noValidate
          onSubmit={submit}
          // The checks' code is fetched while the buyer fills the form in, so a submit does not wait.
          onFocus={() => void loadCheckoutSchema()}
          className={addressGridClass('gap-8! lg:order-1')}
        >
          <Section
            title={t('checkout.contact')}
            aside={
              signedIn ? null : (
                <Link to={authPath('/checkout')} className="text-sm underline underline-offset-4">
                  {t('checkout.signInLink')}
                </Link>
              )
            }
          >
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
          </Section>
          <Section title={t('checkout.delivery')}>
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
          </Section>
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
          <Section title={t('checkout.payment')}>
            {signedIn && creditBalance > 0 ? (
              <div className="col-span-2 flex items-center gap-2">
                <Checkbox
                  id={creditId}
                  checked={useCredit}
                  onCheckedChange={(checked) => setUseCredit(checked === true)}
                  disabled={pending}
                />
                <Label htmlFor={creditId}>
                  {t('checkout.useStoreCredit', { amount: t.money(creditBalance, currency) })}
                </Label>
              </div>
            ) : null}
            <p className="col-span-2 text-muted-foreground text-sm">
              {nothingDue ? t('checkout.nothingDue') : t('checkout.paymentNote')}
            </p>
            <FormError className="col-span-2">{formError}</FormError>
            <Button
              type="submit"
              size="lg"
              className="col-span-2"
              disabled={pending || Boolean(noShipping)}
              data-testid="pay-button"
            >
              {pending ? (
                <>
                  <Loader2 aria-hidden="true" className="animate-spin" />
                  {t('checkout.processing')}
                </>
              ) : nothingDue ? (
                t('checkout.placeOrder')
              ) : (
                t('checkout.continue')
              )}
            </Button>
            <Link to="/cart" className="col-span-2 text-center text-sm underline underline-offset-4">
              {t('checkout.backToCart')}
            </Link>
          </Section>
        </form>
      </Form>
    </div>
  );
}

/**
 * The order summary beside the form on wide screens; on phones a bar with the total that opens it,
 * as it is in the way of the form there.
 */
function SummaryPanel({ total, children }: { total: string | null; children: ReactNode }) {
  const t = useT();
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <aside
      className="rounded-lg border bg-muted/30 lg:sticky lg:top-4 lg:order-2"
      data-testid="checkout-summary"
    >
      <button
        type="button"
        className="flex w-full items-center justify-between gap-4 p-4 text-sm lg:hidden"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen(!open)}
      >
        <span className="flex items-center gap-1 font-medium">
          {open ? t('checkout.hideSummary') : t('checkout.showSummary')}
          <ChevronDown aria-hidden="true" className={open ? 'size-4 rotate-180' : 'size-4'} />
        </span>
        <span className="font-semibold tabular-nums">{total}</span>
      </button>
      <div id={id} className={open ? 'border-t p-4 lg:border-t-0' : 'hidden p-4 lg:block'}>
        {children}
      </div>
    </aside>
  );
}
