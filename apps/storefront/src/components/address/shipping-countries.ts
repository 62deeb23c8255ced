import { api } from '@cartwheel/shared/api-client';
import { QUERY_STALE_TIME_MS } from '@cartwheel/shared/constants';
import { COUNTRIES, subdivisions } from '@cartwheel/shared/countries';
import { queryOptions, useQuery } from '@tanstack/react-query';

export interface CountryOption {
  /** ISO 3166-1 alpha-2. */
  code: string;
  name: string;
  /** The country's states or provinces to choose from; empty when it has none to choose. */
  states: { code: string; name: string }[];
}

export interface ShippingCountries {
  countries: CountryOption[];
}

export function getShippingCountries(signal?: AbortSignal): Promise<ShippingCountries> {
  return api.get<ShippingCountries>('/api/shipping/countries', { signal });
}

export const shippingCountriesQueryOptions = queryOptions({
  queryKey: ['shipping-countries'],
  queryFn: ({ signal }) => getShippingCountries(signal),
  staleTime: QUERY_STALE_TIME_MS,
});

/** The countries the shop ships to, with their states: the address forms' country and state choices. */
export function useShippingCountries() {
  return useQuery(shippingCountriesQueryOptions);
}

let everyCountry: CountryOption[] | undefined;
/** Every country with its states: an address book may hold an address the shop does not ship to. */
export function allCountryOptions(): CountryOption[] {
  everyCountry ??= COUNTRIES.map((country) => ({ ...country, states: [...subdivisions(country.code)] }));
  return everyCountry;
}
