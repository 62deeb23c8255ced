import { api } from '@cartwheel/shared/api-client';
import type { AddressInput, SavedAddress } from '@cartwheel/shared/contracts/addresses';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { savedAddressKeys } from '../../../components/address/saved-addresses.ts';

export function createAddress(input: AddressInput): Promise<SavedAddress> {
  return api.post<SavedAddress>('/api/account/addresses', input);
}

/** Saves a new address; the address book is read again (the default may have moved). */
export function useCreateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAddress,
    onSettled: () => queryClient.invalidateQueries({ queryKey: savedAddressKeys.all }),
  });
}
