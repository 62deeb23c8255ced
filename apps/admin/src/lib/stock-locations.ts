import { api } from '@cartwheel/shared/api-client';
import type { StockLocation } from '@cartwheel/shared/contracts/locations';
import { useQuery } from '@tanstack/react-query';
import { adminKeys } from './query-keys.ts';

/**
 * The shop's stock locations (decision 0095): the Locations screen, and the location pickers of the
 * fulfil dialog, the Point of Sale and a return's receipt.
 */
export function useLocations() {
  return useQuery({
    queryKey: [...adminKeys.stock, 'locations'],
    queryFn: ({ signal }) => api.get<{ items: StockLocation[] }>('/api/admin/locations', { signal }),
  });
}
