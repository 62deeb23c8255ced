import { api } from '@cartwheel/shared/api-client';
import type {
  Campaign,
  CampaignBody,
  CampaignPreview,
  CampaignSettings,
} from '@cartwheel/shared/contracts/campaigns';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

const keys = {
  all: ['admin', 'campaigns'] as const,
  list: () => [...keys.all, 'list'] as const,
  one: (id: string) => [...keys.all, 'one', id] as const,
  settings: () => [...keys.all, 'settings'] as const,
};

/** GET /api/admin/campaigns: every campaign with its report. */
export function useCampaigns() {
  return useQuery({
    queryKey: keys.list(),
    queryFn: ({ signal }) => api.get<{ items: Campaign[] }>('/api/admin/campaigns', { signal }),
    staleTime: 0,
  });
}

/** One campaign; while it is sending, its report is read again every few seconds. */
export function useCampaign(id: string | null) {
  return useQuery({
    queryKey: keys.one(id ?? 'new'),
    queryFn: ({ signal }) => api.get<Campaign>(`/api/admin/campaigns/${id}`, { signal }),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.status === 'sending' ? 2000 : false),
  });
}

/** Saves a new campaign draft (no id) or changes one. */
export function useSaveCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: CampaignBody }) =>
      id
        ? api.put<Campaign>(`/api/admin/campaigns/${id}`, body)
        : api.post<Campaign>('/api/admin/campaigns', body),
    onSuccess: (saved) => {
      client.setQueryData(keys.one(saved.id), saved);
      return client.invalidateQueries({ queryKey: keys.list() });
    },
  });
}

/** POST /api/admin/campaigns/preview: the email as rendered for recipients. */
export function useCampaignPreview() {
  return useMutation({
    mutationFn: (body: Pick<CampaignBody, 'subject' | 'blocks'>) =>
      api.post<CampaignPreview>('/api/admin/campaigns/preview', body),
  });
}

export function useSendTestCampaign() {
  return useMutation({
    mutationFn: (id: string) => api.post<{ sent_to: string }>(`/api/admin/campaigns/${id}/test`),
  });
}

export function useSendCampaign() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<Campaign>(`/api/admin/campaigns/${id}/send`),
    onSuccess: (sent) => {
      client.setQueryData(keys.one(sent.id), sent);
      return client.invalidateQueries({ queryKey: keys.list() });
    },
  });
}

export function useCampaignSettings() {
  return useQuery({
    queryKey: keys.settings(),
    queryFn: ({ signal }) => api.get<CampaignSettings>('/api/admin/campaigns/settings', { signal }),
  });
}

export function useUpdateCampaignSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CampaignSettings) =>
      api.patch<CampaignSettings>('/api/admin/campaigns/settings', body),
    onSuccess: (saved) => client.setQueryData(keys.settings(), saved),
  });
}
