import { api } from '@cartwheel/shared/api-client';
import type {
  AbandonedCheckout,
  MarketingSettings,
  MarketingSettingsPatch,
  RecoverySummary,
} from '@cartwheel/shared/contracts/marketing';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

const keys = {
  all: ['admin', 'marketing'] as const,
  settings: () => [...keys.all, 'settings'] as const,
  checkouts: (page: number) => [...keys.all, 'abandoned', page] as const,
  summary: (from: string, to: string) => [...keys.all, 'summary', from, to] as const,
};

export const ABANDONED_PAGE_SIZE = 20;

/** Unpaid checkouts with an email, newest first (GET /api/admin/marketing/abandoned-checkouts). */
export function useAbandonedCheckouts(page: number) {
  return useQuery({
    queryKey: keys.checkouts(page),
    queryFn: ({ signal }) =>
      api.get<{ items: AbandonedCheckout[]; total: number }>('/api/admin/marketing/abandoned-checkouts', {
        params: { page, limit: ABANDONED_PAGE_SIZE },
        signal,
      }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** Recovery figures over the days from..to (GET /api/admin/marketing/summary). */
export function useRecoverySummary(from: string, to: string) {
  return useQuery({
    queryKey: keys.summary(from, to),
    queryFn: ({ signal }) =>
      api.get<RecoverySummary>('/api/admin/marketing/summary', { params: { from, to }, signal }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useMarketingSettings() {
  return useQuery({
    queryKey: keys.settings(),
    queryFn: ({ signal }) => api.get<MarketingSettings>('/api/admin/marketing/settings', { signal }),
  });
}

export function useUpdateMarketingSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: MarketingSettingsPatch) =>
      api.patch<MarketingSettings>('/api/admin/marketing/settings', patch),
    onSuccess: (saved) => client.setQueryData(keys.settings(), saved),
  });
}
