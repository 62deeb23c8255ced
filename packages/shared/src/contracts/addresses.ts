import { z } from 'zod';
import { isCountryCode, subdivisions } from '../countries.ts';

const required = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** An optional text field: blank is the same as absent, stored as null. */
const optional = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));

/** ISO 3166-1 alpha-2, upper case (placeProblem checks it is a country). */
const countryCode = z
  .string({ error: 'Country is required' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, 'Choose a country');

export interface PlaceProblem {
  field: 'country' | 'state_province';
  message: string;
}

/**
 * Why a country and state cannot make an address, or null: the country must be a real one, and a
 * country whose states we list needs one of them (its code: 'CA' for California).
 */
export function placeProblem(country: string, state: string | null | undefined): PlaceProblem | null {
  if (!isCountryCode(country)) return { field: 'country', message: 'Choose a country from the list' };
  const states = subdivisions(country);
  if (states.length === 0) return null;
  if (!state) return { field: 'state_province', message: 'State / Province is required' };
  if (!states.some((s) => s.code === state)) {
    return { field: 'state_province', message: 'Choose a state or province from the list' };
  }
  return null;
}

/** The fields of an address; addressInput adds the country and state check. */
export const addressFields = z.object({
  first_name: required('First name', 100),
  last_name: required('Last name', 100),
  address_line_1: required('Address', 200),
  address_line_2: optional('Address line 2', 200),
  city: required('City', 100),
  state_province: optional('State', 100),
  postal_code: required('Postal code', 20),
  country: countryCode,
  phone: optional('Phone', 40),
  is_default: z.boolean({ error: 'is_default must be true or false' }).optional(),
});

/** Adds placeProblem's message on its field. */
export const checkPlace = (
  value: { country: string; state_province?: string | null | undefined },
  ctx: z.RefinementCtx,
) => {
  const problem = placeProblem(value.country, value.state_province);
  if (problem) ctx.addIssue({ code: 'custom', path: [problem.field], message: problem.message });
};

/** POST /api/account/addresses: a new saved address; `is_default` makes it the default one. */
export const addressInput = addressFields.superRefine(checkPlace);
export type AddressInput = z.input<typeof addressInput>;

/**
 * PATCH /api/account/addresses/:addressId: any of the fields; the others stay as they are (the
 * server checks the country and state the address ends up with).
 */
export const addressPatch = addressFields.partial();
export type AddressPatch = z.input<typeof addressPatch>;

export const addressParams = z.object({ addressId: z.uuid('addressId must be a UUID') });

/** A saved address of the signed-in shopper. */
export const savedAddress = z.object({
  id: z.uuid(),
  first_name: z.string(),
  last_name: z.string(),
  address_line_1: z.string(),
  address_line_2: z.string().nullable(),
  city: z.string(),
  state_province: z.string().nullable(),
  postal_code: z.string(),
  country: z.string(),
  phone: z.string().nullable(),
  is_default: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SavedAddress = z.infer<typeof savedAddress>;

/** GET /api/account/addresses: the default first, then the newest. */
export const addressList = z.object({ items: z.array(savedAddress) });
export type AddressList = z.infer<typeof addressList>;

/** At most this many saved addresses per shopper. */
export const MAX_SAVED_ADDRESSES = 50;
