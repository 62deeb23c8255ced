import { api } from '@cartwheel/shared/api-client';
import type {
  GiftCardDetail,
  GiftCardList,
  IssuedGiftCard,
  IssueGiftCardBody,
  StoreCredit,
  StoreCreditBody,
} from '@cartwheel/shared/contracts/gift-cards';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

const giftCardKeys = {
  all: ['admin', 'gift-cards'] as const,
  list: (q: string) => ['admin', 'gift-cards', 'list', q] as const,
  one: (id: string) => ['admin', 'gift-cards', 'one', id] as const,
  credit: (customerId: string) => ['admin', 'store-credit', customerId] as const,
};

/** GET /api/admin/gift-cards: newest first, or those whose code ends with `q`. */
export function useGiftCards(q: string) {
  return useQuery({
    queryKey: giftCardKeys.list(q),
    queryFn: ({ signal }) =>
      api.get<GiftCardList>('/api/admin/gift-cards', { params: { q: q || undefined }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useGiftCard(id: string) {
  return useQuery({
    queryKey: giftCardKeys.one(id),
    queryFn: ({ signal }) => api.get<GiftCardDetail>(`/api/admin/gift-cards/${id}`, { signal }),
  });
}

/** Issues a card (admins); the answer's code is shown once. */
export function useIssueGiftCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: IssueGiftCardBody) => api.post<IssuedGiftCard>('/api/admin/gift-cards', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: giftCardKeys.all }),
  });
}

/** Disables a card, or enables it again (admins). */
export function useSetGiftCardDisabled(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (disabled: boolean) => api.patch<GiftCardDetail>(`/api/admin/gift-cards/${id}`, { disabled }),
    onSuccess: (card) => queryClient.setQueryData(giftCardKeys.one(id), card),
    onSettled: () => queryClient.invalidateQueries({ queryKey: giftCardKeys.all }),
  });
}

/** A customer's store credit and its ledger. */
export function useStoreCredit(customerId: string) {
  return useQuery({
    queryKey: giftCardKeys.credit(customerId),
    queryFn: ({ signal }) =>
      api.get<StoreCredit>(`/api/admin/customers/${customerId}/store-credit`, { signal }),
  });
}

/** Gives store credit (or takes some back with a negative amount; admins). */
export function useChangeStoreCredit(customerId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: StoreCreditBody) =>
      api.post<StoreCredit>(`/api/admin/customers/${customerId}/store-credit`, body),
    onSuccess: (credit) => queryClient.setQueryData(giftCardKeys.credit(customerId), credit),
  });
}
