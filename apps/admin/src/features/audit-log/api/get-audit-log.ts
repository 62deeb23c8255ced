import { api } from '@cartwheel/shared/api-client';
import type { AuditLogPage, AuditLogQuery } from '@cartwheel/shared/contracts/audit';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys } from '../../../lib/query-keys.ts';

export const AUDIT_PAGE_SIZE = 50;

/** The filter as the screen keeps it in the address: empty strings mean "any". */
export type AuditFilter = Required<Pick<AuditLogQuery, 'actor' | 'action' | 'target_type' | 'target_id'>> & {
  from: string;
  to: string;
};

/** The audit log, newest first (GET /api/admin/audit-log; admins only). */
function auditLogQueryOptions(filter: AuditFilter, page: number) {
  const params: Record<string, string | number> = { page, limit: AUDIT_PAGE_SIZE };
  for (const [key, value] of Object.entries(filter)) if (value) params[key] = value;
  return queryOptions({
    queryKey: [...adminKeys.auditLog, params] as const,
    queryFn: ({ signal }) => api.get<AuditLogPage>('/api/admin/audit-log', { params, signal }),
    // Rows arrive with every change anyone makes: always ask again.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

export function useAuditLog(filter: AuditFilter, page: number) {
  return useQuery(auditLogQueryOptions(filter, page));
}
