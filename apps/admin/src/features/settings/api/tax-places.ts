import { api } from '@cartwheel/shared/api-client';
import type { PlaceTaxesInput, TaxPlace, TaxPlaceList } from '@cartwheel/shared/contracts/shipping';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

const taxKeys = { places: ['admin', 'settings', 'tax-places'] as const };

/** Every country and state with taxes of its own (GET /api/admin/shipping/taxes). */
export function useTaxPlaces() {
  return useQuery({
    queryKey: taxKeys.places,
    queryFn: ({ signal }) => api.get<TaxPlaceList>('/api/admin/shipping/taxes', { signal }),
  });
}

/** Replaces a place's taxes ('DE', 'US-CA'); the list is read again afterwards. */
export function useSaveTaxPlace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ place, body }: { place: string; body: PlaceTaxesInput }) =>
      api.put<TaxPlace>(`/api/admin/shipping/taxes/${encodeURIComponent(place)}`, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: taxKeys.places }),
  });
}

/** Adds the standard rates of the places without taxes (POST /api/admin/shipping/taxes/standard). */
export function useAddStandardTaxes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<TaxPlaceList>('/api/admin/shipping/taxes/standard', {}),
    onSuccess: (list) => queryClient.setQueryData(taxKeys.places, list),
  });
}
