import type { QuoteResponse } from '@cartwheel/shared/contracts/pricing';
import type { AddressFormValues } from '../../components/address/address-fields.tsx';
import type { CheckoutCart, QuoteRequest } from '../../components/quote/checkout-quote.ts';
import type { CheckoutSessionRequest } from './api/create-checkout-session.ts';
import { checkoutKey } from './checkout-key.ts';
import type { CheckedCheckoutForm } from './checkout-schema.ts';
import type { DiscountStatus } from './components/discount-code-field.tsx';

/** The "new address" choice of the saved-address list. */
export const NEW_ADDRESS = 'new';

export interface CheckoutFormValues {
  email: string;
  marketing_opt_in: boolean;
  save_address: boolean;
  saved_address_id: string;
  address: AddressFormValues;
  shipping_method_id: string;
}

/** The server's names of the customer fields, and where each one is in this form. */
const CUSTOMER_FIELDS: Record<string, string> = {
  email: 'email',
  firstName: 'address.first_name',
  lastName: 'address.last_name',
  address: 'address.address_line_1',
  addressLine2: 'address.address_line_2',
  city: 'address.city',
  postalCode: 'address.postal_code',
  country: 'address.country',
  state: 'address.state_province',
  phone: 'address.phone',
};

/**
 * Where a field message of the server goes in this form: a customer field, the method, the code;
 * undefined for anything else (shown as a toast).
 */
export function formFieldOf(serverField: string): string | undefined {
  if (serverField.startsWith('customer_info.')) return CUSTOMER_FIELDS[serverField.slice(14)];
  if (serverField === 'shipping_method_id') return 'shipping_method_id';
  if (serverField === 'discount_code') return 'discount_code';
  return undefined;
}

/** The quote for what the form holds now; null until a country is chosen. */
export function quoteRequestOf(
  cart: CheckoutCart,
  place: { country: string; state: string },
  methodId: string,
  code: string | null,
  useCredit = false,
): QuoteRequest | null {
  if (!place.country) return null;
  return {
    country: place.country,
    ...(place.state ? { state: place.state } : {}),
    ...(methodId ? { shipping_method_id: methodId } : {}),
    ...(code ? { discount_code: code } : {}),
    ...(useCredit ? { apply_store_credit: true } : {}),
    ...(cart.guestLines ? { lines: cart.guestLines } : {}),
  };
}

/** Whether the quote took the entered code (a discount's or a gift card's), and if not, why. */
export function discountStatusOf(
  code: string | null,
  quote: QuoteResponse | undefined,
  current: boolean,
): DiscountStatus {
  if (!code) return { state: 'none' };
  if (!quote || !current) return { state: 'checking' };
  if (quote.code_error) {
    const { code: reason, message } = quote.code_error;
    // A gift card's refusals carry their own codes (gift_card_spent...), a discount's its reason.
    return {
      state: 'refused',
      message,
      code: reason.startsWith('gift_card') ? reason : `discount_${reason}`,
    };
  }
  if (quote.tenders.some((t) => t.kind === 'gift_card')) return { state: 'applied' };
  const same = (other: string | null) => other !== null && other.toLowerCase() === code.toLowerCase();
  const rejected = quote.priced.rejected.find((r) => same(r.code));
  if (rejected) {
    const { message, reason, short_by, min_items } = rejected;
    return { state: 'refused', message, code: `discount_${reason}`, details: { short_by, min_items } };
  }
  if (quote.priced.discounts.some((d) => same(d.code))) return { state: 'applied' };
  return { state: 'refused', message: "This code can't be used with this cart" };
}

/**
 * The body of POST /api/checkout/sessions for the form's values. `keepConsent`: leave the opt-in out
 * (a signed-in shopper's account consent then stays as it is).
 */
export function sessionRequestOf(
  values: CheckedCheckoutForm,
  cart: CheckoutCart,
  code: string | null,
  keepConsent = false,
  useCredit = false,
): CheckoutSessionRequest {
  const a = values.address;
  return {
    customer_info: {
      email: values.email,
      firstName: a.first_name,
      lastName: a.last_name,
      address: a.address_line_1,
      addressLine2: a.address_line_2 ?? undefined,
      city: a.city,
      postalCode: a.postal_code,
      country: a.country,
      state: a.state_province ?? undefined,
      phone: a.phone ?? undefined,
      ...(keepConsent ? {} : { marketing_opt_in: values.marketing_opt_in }),
      save_address: cart.userId !== null && values.saved_address_id === NEW_ADDRESS && values.save_address,
    },
    shipping_method_id: values.shipping_method_id || undefined,
    ...(code ? { discount_code: code } : {}),
    ...(useCredit ? { apply_store_credit: true } : {}),
    ...(cart.guestLines ? { guest: { checkout_key: checkoutKey(), lines: cart.guestLines } } : {}),
  };
}

/** The method checkout preselects: the cheapest offered (the first of equals), or none. */
export function cheapestMethodId(methods: ReadonlyArray<{ id: string; amount: number }>): string {
  let cheapest = methods[0];
  for (const method of methods) if (cheapest && method.amount < cheapest.amount) cheapest = method;
  return cheapest?.id ?? '';
}
