import { api } from '@cartwheel/shared/api-client';
import type {
  CheckoutSettings,
  CheckoutSettingsPatch,
  ShippingZone,
  ShippingZoneList,
  ZoneInput,
} from '@cartwheel/shared/contracts/shipping';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export const settingsKeys = {
  zones: ['admin', 'settings', 'shipping-zones'] as const,
  zone: (zoneId: string) => ['admin', 'settings', 'shipping-zones', zoneId] as const,
  checkout: ['admin', 'settings', 'checkout'] as const,
};

/** Every shipping zone with its methods and tax (GET /api/admin/shipping/zones). */
export function useZones() {
  return useQuery(
    queryOptions({
      queryKey: settingsKeys.zones,
      queryFn: ({ signal }) => api.get<ShippingZoneList>('/api/admin/shipping/zones', { signal }),
    }),
  );
}

export function useZone(zoneId: string | undefined) {
  return useQuery({
    queryKey: settingsKeys.zone(zoneId ?? ''),
    queryFn: ({ signal }) => api.get<ShippingZone>(`/api/admin/shipping/zones/${zoneId}`, { signal }),
    enabled: Boolean(zoneId),
  });
}

/** Creates a zone (no id) or replaces one; the zone list is read again afterwards. */
export function useSaveZone(zoneId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ZoneInput) =>
      zoneId
        ? api.put<ShippingZone>(`/api/admin/shipping/zones/${zoneId}`, input)
        : api.post<ShippingZone>('/api/admin/shipping/zones', input),
    onSuccess: (zone) => queryClient.setQueryData(settingsKeys.zone(zone.id), zone),
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.zones }),
  });
}

export function useDeleteZone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (zoneId: string) => api.delete<{ deleted: true }>(`/api/admin/shipping/zones/${zoneId}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.zones }),
  });
}

/** Guest checkout, the stock hold and the two tax switches (GET /api/admin/settings/checkout). */
export function useCheckoutSettings() {
  return useQuery({
    queryKey: settingsKeys.checkout,
    queryFn: ({ signal }) => api.get<CheckoutSettings>('/api/admin/settings/checkout', { signal }),
  });
}

export function useUpdateCheckoutSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: CheckoutSettingsPatch) =>
      api.patch<CheckoutSettings>('/api/admin/settings/checkout', patch),
    onSuccess: (settings) => queryClient.setQueryData(settingsKeys.checkout, settings),
  });
}
