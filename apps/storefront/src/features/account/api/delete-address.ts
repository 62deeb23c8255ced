import { api } from '@cartwheel/shared/api-client';
import type { AddressList } from '@cartwheel/shared/contracts/addresses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { savedAddressKeys } from '../../../components/address/saved-addresses.ts';

/** Deletes an address; answers the addresses left (a deleted default passes to the newest one). */
export function deleteAddress(id: string): Promise<AddressList> {
  return api.delete<AddressList>(`/api/account/addresses/${encodeURIComponent(id)}`);
}

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAddress,
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedAddressKeys.all }),
  });
}
