import type { TaxComponent } from './types.ts';

/** One tax a place charges, as the shop's tax table holds it (state null: the whole country). */
export interface PlaceTaxRate {
  country: string;
  /** The subdivision code without the country ('CA'), or null. */
  state: string | null;
  name: string;
  rateBps: number;
  taxesShipping: boolean;
}

/** 'US-CA', 'ca' or 'CA' for the country 'US' → 'CA'; empty → null. */
export function stateCode(country: string, state: string | null | undefined): string | null {
  const code = state?.trim().toUpperCase();
  if (!code) return null;
  const prefix = `${country}-`;
  return code.startsWith(prefix) ? code.slice(prefix.length) : code;
}

/**
 * The taxes charged at an address: its state's rows when the state has any, else its country's.
 * A state replaces its country's taxes rather than adding to them, so a table says in one place
 * what a state charges (British Columbia lists GST and PST; Ontario lists HST alone).
 */
export function taxesAt(
  rates: readonly PlaceTaxRate[],
  place: { country: string; state?: string | null },
): TaxComponent[] {
  const country = place.country.trim().toUpperCase();
  const state = stateCode(country, place.state);
  const ofCountry = rates.filter((r) => r.country === country);
  const ofState = state ? ofCountry.filter((r) => r.state === state) : [];
  const chosen = ofState.length ? ofState : ofCountry.filter((r) => r.state === null);
  return chosen.map((r) => ({ name: r.name, rateBps: r.rateBps, taxesShipping: r.taxesShipping }));
}
