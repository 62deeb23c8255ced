import { api } from '@cartwheel/shared/api-client';
import type { AddressPatch, SavedAddress } from '@cartwheel/shared/contracts/addresses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { savedAddressKeys } from '../../../components/address/saved-addresses.ts';

export function updateAddress({ id, patch }: { id: string; patch: AddressPatch }): Promise<SavedAddress> {
  return api.patch<SavedAddress>(`/api/account/addresses/${encodeURIComponent(id)}`, patch);
}

export function useUpdateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAddress,
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedAddressKeys.all }),
  });
}
