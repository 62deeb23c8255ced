import {
  type DraftOrder,
  type DraftOrderBody,
  draftOrderBody,
} from '@cartwheel/shared/contracts/draft-orders';
import { z } from 'zod';

/** A line on screen: what the server needs, and the name staff see. */
export interface FormLine {
  product_id: string;
  variant_id: string | null;
  quantity: number;
  label: string;
}

export interface FormAddress {
  first_name: string;
  last_name: string;
  address_line_1: string;
  address_line_2: string;
  city: string;
  state_province: string;
  postal_code: string;
  country: string;
  phone: string;
}

/**
 * The New order screen's state, named after the body's fields. Prices are never part of it: the
 * server prices what it holds.
 */
export interface DraftForm {
  lines: FormLine[];
  customer_id: string | null;
  customer_label: string | null;
  email: string;
  first_name: string;
  last_name: string;
  shipping_address: FormAddress;
  shipping_method_id: string;
  /** No shipping / picked up: the walk-in takes the items (the default at Point of Sale). */
  pickup: boolean;
  discount_code: string;
  note: string;
}

export const EMPTY_ADDRESS: FormAddress = {
  first_name: '',
  last_name: '',
  address_line_1: '',
  address_line_2: '',
  city: '',
  state_province: '',
  postal_code: '',
  country: 'US',
  phone: '',
};

export const EMPTY_DRAFT: DraftForm = {
  lines: [],
  customer_id: null,
  customer_label: null,
  email: '',
  first_name: '',
  last_name: '',
  shipping_address: EMPTY_ADDRESS,
  shipping_method_id: '',
  pickup: true,
  discount_code: '',
  note: '',
};

/** The key the server's priced lines carry for a line: `${product_id}:${variant_id ?? ''}`. */
export const lineKey = (l: { product_id: string; variant_id: string | null }) =>
  `${l.product_id}:${l.variant_id ?? ''}`;

const REQUIRED: (keyof FormAddress)[] = [
  'first_name',
  'last_name',
  'address_line_1',
  'city',
  'postal_code',
  'country',
];
const addressComplete = (a: FormAddress) => REQUIRED.every((k) => a[k].trim() !== '');
const addressTouched = (a: FormAddress) =>
  (Object.keys(a) as (keyof FormAddress)[]).some((k) => k !== 'country' && a[k].trim() !== '');

/**
 * The request body for the form: `forQuote` leaves out an address still being typed (a quote never
 * answers a half-typed form with an error); a save sends what was typed so the server says what is missing.
 */
export function toBody(form: DraftForm, forQuote = false): DraftOrderBody {
  const a = form.shipping_address;
  const sendAddress = !form.pickup && (forQuote ? addressComplete(a) : addressTouched(a));
  return {
    lines: form.lines.map(({ product_id, variant_id, quantity }) => ({ product_id, variant_id, quantity })),
    customer_id: form.customer_id,
    email: form.email.trim() || null,
    first_name: form.first_name.trim() || null,
    last_name: form.last_name.trim() || null,
    shipping_address: sendAddress
      ? {
          first_name: a.first_name,
          last_name: a.last_name,
          address_line_1: a.address_line_1,
          address_line_2: a.address_line_2 || null,
          city: a.city,
          state_province: a.state_province || null,
          postal_code: a.postal_code,
          country: a.country,
          phone: a.phone || null,
        }
      : null,
    shipping_method_id: (!form.pickup && form.shipping_method_id) || null,
    pickup: form.pickup,
    discount_code: form.discount_code.trim() || null,
    note: form.note.trim() || null,
  };
}

/** A saved draft as the form's state. */
export function fromDraft(d: DraftOrder): DraftForm {
  const a = d.shipping_address;
  const name = [d.first_name, d.last_name].filter(Boolean).join(' ');
  return {
    lines: d.lines.map((l) => ({
      product_id: l.product_id,
      variant_id: l.variant_id,
      quantity: l.quantity,
      label: l.variant_title ? `${l.product_name} (${l.variant_title})` : l.product_name,
    })),
    customer_id: d.customer_id,
    customer_label: d.customer_id ? `${name || d.email} · ${d.email}` : null,
    email: d.email ?? '',
    first_name: d.first_name ?? '',
    last_name: d.last_name ?? '',
    shipping_address: a
      ? {
          first_name: a.first_name,
          last_name: a.last_name,
          address_line_1: a.address_line_1,
          address_line_2: a.address_line_2 ?? '',
          city: a.city,
          state_province: a.state_province ?? '',
          postal_code: a.postal_code,
          country: a.country,
          phone: a.phone ?? '',
        }
      : EMPTY_ADDRESS,
    shipping_method_id: d.shipping_method_id ?? '',
    pickup: d.pickup,
    discount_code: d.discount_code ?? '',
    note: d.note ?? '',
  };
}

/** The screen's state checked by the draft contract (as a save sends it); what passes is the body. */
export const draftFormSchema = z
  .custom<DraftForm>()
  .transform((form) => toBody(form))
  .pipe(draftOrderBody);
