import { api } from '@cartwheel/shared/api-client';
import type { SavedAddress } from '@cartwheel/shared/contracts/addresses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { savedAddressKeys } from '../../../components/address/saved-addresses.ts';

export function setDefaultAddress(id: string): Promise<SavedAddress> {
  return api.post<SavedAddress>(`/api/account/addresses/${encodeURIComponent(id)}/default`);
}

export function useSetDefaultAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setDefaultAddress,
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedAddressKeys.all }),
  });
}
