import { api } from '@cartwheel/shared/api-client';
import { QUERY_STALE_TIME_MS } from '@cartwheel/shared/constants';
import type { AddressList, SavedAddress } from '@cartwheel/shared/contracts/addresses';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type AddressFormValues, emptyAddress } from './address-fields.tsx';

/** Query keys of the saved addresses, per user so nobody sees another's cached addresses. */
export const savedAddressKeys = {
  all: ['saved-addresses'] as const,
  list: (userId: string) => ['saved-addresses', userId] as const,
};

export function getSavedAddresses(signal?: AbortSignal): Promise<AddressList> {
  return api.get<AddressList>('/api/account/addresses', { signal });
}

export function savedAddressesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: savedAddressKeys.list(userId),
    queryFn: ({ signal }) => getSavedAddresses(signal),
    staleTime: QUERY_STALE_TIME_MS,
  });
}

/** The signed-in shopper's address book (the default first); runs only when a user exists. */
export function useSavedAddresses(userId: string | null) {
  return useQuery({ ...savedAddressesQueryOptions(userId ?? ''), enabled: userId !== null });
}

/** A saved address as the address form's values. */
export function toAddressForm(address: SavedAddress): AddressFormValues {
  return {
    ...emptyAddress(address.country),
    first_name: address.first_name,
    last_name: address.last_name,
    address_line_1: address.address_line_1,
    address_line_2: address.address_line_2 ?? '',
    city: address.city,
    state_province: address.state_province ?? '',
    postal_code: address.postal_code,
    phone: address.phone ?? '',
  };
}
