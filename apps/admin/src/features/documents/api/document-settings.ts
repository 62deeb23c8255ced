import { api } from '@cartwheel/shared/api-client';
import type { DocumentSettings, DocumentSettingsPatch } from '@cartwheel/shared/contracts/documents';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminKeys } from '../../../lib/query-keys.ts';

const key = [...adminKeys.settings, 'documents'] as const;

/** GET /api/admin/settings/documents (admins). */
export function useDocumentSettings() {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get<DocumentSettings>('/api/admin/settings/documents', { signal }),
  });
}

/** PATCH /api/admin/settings/documents: the fields sent change. */
export function useSaveDocumentSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: DocumentSettingsPatch) =>
      api.patch<DocumentSettings>('/api/admin/settings/documents', patch),
    onSuccess: (saved) => client.setQueryData(key, saved),
  });
}
