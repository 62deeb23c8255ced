import { api } from '@cartwheel/shared/api-client';
import type { CustomerReturn, OrderReturns, RequestReturnBody } from '@cartwheel/shared/contracts/returns';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

/** Whose order: the signed-in shopper's (by id) or the one a signed link opens (by its token). */
export type ReturnsSource = { kind: 'account'; orderId: string } | { kind: 'link'; token: string };

const urlOf = (source: ReturnsSource) =>
  source.kind === 'account'
    ? `/api/account/orders/${encodeURIComponent(source.orderId)}/returns`
    : `/api/orders/by-link/${encodeURIComponent(source.token)}/returns`;

const keyOf = (source: ReturnsSource) =>
  ['order-returns', source.kind, source.kind === 'account' ? source.orderId : source.token] as const;

/** What of the order may still be returned, and its returns so far. */
export function useOrderReturns(source: ReturnsSource) {
  return useQuery({
    queryKey: keyOf(source),
    queryFn: ({ signal }) => api.get<OrderReturns>(urlOf(source), { signal }),
    retry: false,
  });
}

/** Sends the request; the order's returns are read again. */
export function useRequestReturn(source: ReturnsSource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RequestReturnBody) => api.post<CustomerReturn>(urlOf(source), body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keyOf(source) }),
  });
}
