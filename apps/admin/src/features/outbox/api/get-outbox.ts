import { api } from '@cartwheel/shared/api-client';
import type { outboxEmail } from '@cartwheel/shared/contracts/accounts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { outboxKeys } from './outbox-keys.ts';

export type OutboxEmail = z.infer<typeof outboxEmail>;
export interface OutboxList {
  items: OutboxEmail[];
  total: number;
}

export const OUTBOX_PAGE_SIZE = 20;

/** The mail outbox, newest first (GET /api/admin/emails?page=&limit=). */
export function outboxQueryOptions(page: number) {
  return queryOptions({
    queryKey: outboxKeys.page(page),
    queryFn: ({ signal }) =>
      api.get<OutboxList>('/api/admin/emails', { params: { page, limit: OUTBOX_PAGE_SIZE }, signal }),
    // New mail arrives while the page is open (a reset requested in another tab): always ask again.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useOutbox(page: number) {
  return useQuery(outboxQueryOptions(page));
}
