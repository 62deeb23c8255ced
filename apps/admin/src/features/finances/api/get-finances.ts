import { api } from '@cartwheel/shared/api-client';
import type { AnalyticsInterval } from '@cartwheel/shared/contracts/analytics';
import type { Finances, LedgerPage } from '@cartwheel/shared/contracts/finances';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminKeys } from '../../../lib/query-keys.ts';

const rangeParams = (range: { from: Date; to: Date }) => ({
  from: range.from.toISOString(),
  to: range.to.toISOString(),
});

/**
 * GET /api/admin/finances for a range and period. Under the dashboard's key: what refreshes its
 * figures (an order paid, a refund) refreshes these.
 */
export function useFinances(range: { from: Date; to: Date }, interval: AnalyticsInterval | null) {
  const params = { ...rangeParams(range), ...(interval ? { interval } : {}) };
  return useQuery({
    queryKey: [...adminKeys.dashboard, 'finances', params] as const,
    queryFn: ({ signal }) => api.get<Finances>('/api/admin/finances', { params, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/admin/finances/ledger: one page of payments and refunds, newest first. */
export function useLedger(range: { from: Date; to: Date }, page: number, limit: number) {
  const params = { ...rangeParams(range), page, limit };
  return useQuery({
    queryKey: [...adminKeys.dashboard, 'ledger', params] as const,
    queryFn: ({ signal }) => api.get<LedgerPage>('/api/admin/finances/ledger', { params, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The address of the ledger's CSV file for the range (the browser downloads it with the session cookie). */
export const ledgerExportUrl = (range: { from: Date; to: Date }) =>
  `/api/admin/finances/ledger/export?${new URLSearchParams(rangeParams(range)).toString()}`;
