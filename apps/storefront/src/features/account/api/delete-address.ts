import type { AddressList } from '@cartwheel/shared/contracts/addresses';
import { sdk } from '@cartwheel/shared/sdk-client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { savedAddressKeys } from '../../../components/address/saved-addresses.ts';

/** Deletes an address; answers the addresses left (a deleted default passes to the newest one). */
export function deleteAddress(id: string): Promise<AddressList> {
  return sdk((client) =>
    client.auth.delete('/api/account/addresses/{addressId}', { params: { path: { addressId: id } } }),
  );
}

export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAddress,
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedAddressKeys.all }),
  });
}
