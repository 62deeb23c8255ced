import { api } from '@cartwheel/shared/api-client';
import type { StorefrontSite } from '@cartwheel/shared/contracts/content';
import { useQuery } from '@tanstack/react-query';

/** The query of the storefront's public site data; saving the base currency invalidates it. */
export const SITE_QUERY_KEY = ['storefront', 'site'] as const;

/**
 * The shop's base currency (decision 0066): the currency of the catalog's prices, discounts, shipping
 * rates and the reports. Orders and refunds carry their own. USD only until the site data arrives.
 */
export function useBaseCurrency(): string {
  const query = useQuery({
    queryKey: SITE_QUERY_KEY,
    queryFn: ({ signal }) => api.get<StorefrontSite>('/api/storefront/site', { signal }),
    select: (site) => site.base_currency,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return query.data ?? 'USD';
}
