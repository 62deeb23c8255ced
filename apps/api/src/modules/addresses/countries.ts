// Which countries an address may name. Until the shared ISO 3166 list is in place, a code counts as
// a country when the runtime's region names know it (Intl answers an unknown code with the code).
const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });

/** Codes Intl names but that are not countries one can ship to (EU, UN, the "unknown region"). */
const NOT_COUNTRIES = new Set(['EU', 'EZ', 'UN', 'ZZ', 'QO', 'XA', 'XB']);

export interface PlaceProblem {
  field: 'country' | 'state_province';
  message: string;
}

/** Why this country (and state) cannot be an address's, or null. */
export function countryProblem(country: string, _state: string | null): PlaceProblem | null {
  const known = !NOT_COUNTRIES.has(country) && regionNames.of(country) !== country;
  return known ? null : { field: 'country', message: 'Choose a country from the list' };
}
