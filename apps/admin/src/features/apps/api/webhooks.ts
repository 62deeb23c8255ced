import { api } from '@cartwheel/shared/api-client';
import type {
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointBody,
  WebhookEndpointPatch,
  WebhookEndpointWithSecret,
} from '@cartwheel/shared/contracts/apps';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../../lib/query-keys.ts';

export const webhookKeys = {
  all: [...adminKeys.apps, 'webhooks'] as const,
  deliveries: (endpointId: string) => [...adminKeys.apps, 'webhooks', endpointId, 'deliveries'] as const,
};

/** GET /api/admin/webhooks. */
export function useWebhookEndpoints() {
  return useQuery({
    queryKey: webhookKeys.all,
    queryFn: ({ signal }) => api.get<{ items: WebhookEndpoint[] }>('/api/admin/webhooks', { signal }),
    staleTime: 0,
  });
}

/** An endpoint's delivery log, refreshed every 5 s while it is open (deliveries and retries come in). */
export function useWebhookDeliveries(endpointId: string) {
  return useQuery({
    queryKey: webhookKeys.deliveries(endpointId),
    queryFn: ({ signal }) =>
      api.get<{ items: WebhookDelivery[] }>(`/api/admin/webhooks/${endpointId}/deliveries`, { signal }),
    staleTime: 0,
    refetchInterval: 5_000,
  });
}

function useWebhookMutation<TVariables, TResult>(mutationFn: (variables: TVariables) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

/** POST /api/admin/webhooks: the answer carries the signing secret, shown this once. */
export const useCreateWebhookEndpoint = () =>
  useWebhookMutation((body: WebhookEndpointBody) =>
    api.post<WebhookEndpointWithSecret>('/api/admin/webhooks', body),
  );

export const useUpdateWebhookEndpoint = () =>
  useWebhookMutation(({ id, patch }: { id: string; patch: WebhookEndpointPatch }) =>
    api.patch<WebhookEndpoint>(`/api/admin/webhooks/${id}`, patch),
  );

export const useDeleteWebhookEndpoint = () =>
  useWebhookMutation((id: string) => api.delete<null>(`/api/admin/webhooks/${id}`));

export const useRotateWebhookSecret = () =>
  useWebhookMutation((id: string) =>
    api.post<WebhookEndpointWithSecret>(`/api/admin/webhooks/${id}/rotate-secret`, {}),
  );

/** POST …/:id/resume: ends a circuit breaker's pause and sends the waiting events now. */
export const useResumeWebhookEndpoint = () =>
  useWebhookMutation((id: string) => api.post<WebhookEndpoint>(`/api/admin/webhooks/${id}/resume`, {}));

/** POST …/deliveries/:deliveryId/resend: the same event goes out again. */
export const useResendDelivery = () =>
  useWebhookMutation((deliveryId: string) =>
    api.post<{ id: string }>(`/api/admin/webhooks/deliveries/${deliveryId}/resend`, {}),
  );
