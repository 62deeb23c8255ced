import { api } from '@cartwheel/shared/api-client';
import type { ApiKey, CreateApiKeyBody, CreatedApiKey } from '@cartwheel/shared/contracts/apps';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../../lib/query-keys.ts';

export const apiKeyKeys = { list: [...adminKeys.apps, 'api-keys'] as const };

/** GET /api/admin/api-keys: live keys first. */
export function useApiKeys() {
  return useQuery({
    queryKey: apiKeyKeys.list,
    queryFn: ({ signal }) => api.get<{ items: ApiKey[] }>('/api/admin/api-keys', { signal }),
    staleTime: 0,
  });
}

/** POST /api/admin/api-keys: the answer carries the token, which is never shown again. */
export function useCreateApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateApiKeyBody) => api.post<CreatedApiKey>('/api/admin/api-keys', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.list }),
  });
}

/** DELETE /api/admin/api-keys/:keyId: the key stops working at once. */
export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (keyId: string) => api.delete<ApiKey>(`/api/admin/api-keys/${keyId}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: apiKeyKeys.list }),
  });
}
