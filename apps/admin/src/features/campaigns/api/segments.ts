import { api } from '@cartwheel/shared/api-client';
import type { AdminProductList } from '@cartwheel/shared/contracts/admin-products';
import type {
  Segment,
  SegmentBody,
  SegmentFilters,
  SegmentPreview,
} from '@cartwheel/shared/contracts/campaigns';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

export const segmentKeys = {
  all: ['admin', 'segments'] as const,
  list: () => [...segmentKeys.all, 'list'] as const,
  preview: (filters: SegmentFilters) => [...segmentKeys.all, 'preview', filters] as const,
};

/** GET /api/admin/segments: every segment with its counts. */
export function useSegments() {
  return useQuery({
    queryKey: segmentKeys.list(),
    queryFn: ({ signal }) => api.get<{ items: Segment[] }>('/api/admin/segments', { signal }),
    staleTime: 0,
  });
}

/** POST /api/admin/segments/preview: the live count of the filters being edited (off while they are invalid). */
export function useSegmentPreview(filters: SegmentFilters | null) {
  return useQuery({
    queryKey: segmentKeys.preview(filters ?? {}),
    queryFn: ({ signal }) => api.post<SegmentPreview>('/api/admin/segments/preview', { filters }, { signal }),
    enabled: filters !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Saves a new segment (no id) or changes one. */
export function useSaveSegment() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: SegmentBody }) =>
      id
        ? api.put<Segment>(`/api/admin/segments/${id}`, body)
        : api.post<Segment>('/api/admin/segments', body),
    onSuccess: () => client.invalidateQueries({ queryKey: segmentKeys.all }),
  });
}

/** Products matching a search, for the "bought" filter and product cards (GET /api/admin/products). */
export function useProductSearch(search: string) {
  return useQuery({
    queryKey: ['admin', 'segments', 'products', search] as const,
    queryFn: ({ signal }) =>
      api.get<AdminProductList>('/api/admin/products', {
        params: { search: search || undefined, limit: 8 },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}
