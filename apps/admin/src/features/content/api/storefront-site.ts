import { api } from '@cartwheel/shared/api-client';
import type { StorefrontSite } from '@cartwheel/shared/contracts/content';
import { useQuery } from '@tanstack/react-query';
import { SITE_QUERY_KEY } from '../../../lib/base-currency.ts';

/**
 * Whether the shop's payments are simulated (the local provider), from the storefront's public site
 * data (GET /api/storefront/site): set by the server's configuration, so read once per session.
 */
export function useTestPayments(): boolean {
  const query = useQuery({
    queryKey: SITE_QUERY_KEY,
    queryFn: ({ signal }) => api.get<StorefrontSite>('/api/storefront/site', { signal }),
    select: (site) => site.test_payments,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return query.data === true;
}
