import { api } from '@cartwheel/shared/api-client';
import type {
  AdminReturnDetail,
  AdminReturnList,
  ReceiveReturnBody,
  ReturnSettings,
  ReturnStatus,
} from '@cartwheel/shared/contracts/returns';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

const returnKeys = {
  all: ['admin', 'returns'] as const,
  list: (status: string) => ['admin', 'returns', 'list', status] as const,
  one: (id: string) => ['admin', 'returns', 'one', id] as const,
  settings: ['admin', 'return-settings'] as const,
};

/** GET /api/admin/returns: newest first, or those of one status. */
export function useReturns(status: ReturnStatus | '') {
  return useQuery({
    queryKey: returnKeys.list(status),
    queryFn: ({ signal }) =>
      api.get<AdminReturnList>('/api/admin/returns', { params: { status: status || undefined }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useReturn(id: string) {
  return useQuery({
    queryKey: returnKeys.one(id),
    queryFn: ({ signal }) => api.get<AdminReturnDetail>(`/api/admin/returns/${id}`, { signal }),
  });
}

type Action =
  | { action: 'approve' }
  | { action: 'label' }
  | { action: 'close' }
  | { action: 'decline'; body: { reason: string } }
  | { action: 'receive'; body: ReceiveReturnBody }
  | { action: 'refund'; body: { to_store_credit: boolean } };

/** One of a return's steps (approve, decline, receive, refund, close, make the label again). */
export function useReturnAction(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (step: Action) =>
      api.post<AdminReturnDetail>(`/api/admin/returns/${id}/${step.action}`, 'body' in step ? step.body : {}),
    onSuccess: (detail) => queryClient.setQueryData(returnKeys.one(id), detail),
    onSettled: () => queryClient.invalidateQueries({ queryKey: returnKeys.all }),
  });
}

/** The return window and address (admins). */
export function useReturnSettings(enabled: boolean) {
  return useQuery({
    queryKey: returnKeys.settings,
    queryFn: ({ signal }) => api.get<ReturnSettings>('/api/admin/settings/returns', { signal }),
    enabled,
  });
}

export function useSaveReturnSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReturnSettings) => api.put<ReturnSettings>('/api/admin/settings/returns', body),
    onSuccess: (saved) => queryClient.setQueryData(returnKeys.settings, saved),
  });
}
