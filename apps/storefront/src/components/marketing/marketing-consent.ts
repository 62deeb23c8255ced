import { api } from '@cartwheel/shared/api-client';
import type { MarketingConsent } from '@cartwheel/shared/contracts/marketing';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

const key = (userId: string | null) => ['account', userId, 'marketing'] as const;

/**
 * The signed-in customer's consent to news and offers by email: the account page's switch and the
 * checkout's opt-in box both read it.
 */
export function useMarketingConsent(userId: string | null) {
  return useQuery({
    queryKey: key(userId),
    queryFn: ({ signal }) => api.get<MarketingConsent>('/api/account/marketing', { signal }),
    enabled: userId !== null,
  });
}

export function useSetMarketingConsent(userId: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (optIn: boolean) =>
      api.put<MarketingConsent>('/api/account/marketing', { marketing_opt_in: optIn }),
    onSuccess: (saved) => client.setQueryData(key(userId), saved),
  });
}
