import { placeTaxesInput, type TaxPlace } from '@cartwheel/shared/contracts/shipping';
import { z } from 'zod';
import { typedNumber } from '../../../lib/form-input.ts';

/** A place's taxes as the editor holds them: the rate in percent as typed ("9.975"). */
const taxPlaceValues = z.object({
  country: z.string(),
  /** '' for the whole country. */
  state: z.string(),
  rates: z.array(z.object({ name: z.string(), rate_bps: z.string(), taxes_shipping: z.boolean() })),
});
type TaxPlaceValues = z.input<typeof taxPlaceValues>;

/** A percentage as basis points to a thousandth (9.975 → 997.5), like typedNumber. */
function typedRateBps(text: string): number {
  const n = typedNumber(text);
  return n === null || Number.isNaN(n) ? Number.NaN : Math.round(n * 100_000) / 1000;
}

export const newTax = () => ({ name: '', rate_bps: '', taxes_shipping: false });

export function taxPlaceToDraft(place: TaxPlace | undefined): TaxPlaceValues {
  if (!place) return { country: '', state: '', rates: [newTax()] };
  return {
    country: place.country,
    state: place.state ?? '',
    rates: place.rates.map((r) => ({
      name: r.name,
      rate_bps: String(r.rate_bps / 100),
      taxes_shipping: r.taxes_shipping,
    })),
  };
}

/** The editor's values checked by the contract: the place ('US-CA') and its taxes, the body to send. */
export const taxPlaceForm = taxPlaceValues
  .refine((v) => v.country !== '', { path: ['country'], message: 'Choose a country' })
  .transform((v): z.input<typeof placeTaxesInput> & { place: string } => ({
    place: v.state ? `${v.country}-${v.state}` : v.country,
    rates: v.rates.map((r) => ({ ...r, rate_bps: typedRateBps(r.rate_bps) })),
  }))
  .pipe(placeTaxesInput.extend({ place: z.string() }));
