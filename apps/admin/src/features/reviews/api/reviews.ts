import { api } from '@cartwheel/shared/api-client';
import type {
  AdminReview,
  AdminReviewList,
  ReviewModeration,
  ReviewSettings,
  ReviewSettingsPatch,
  ReviewStatus,
} from '@cartwheel/shared/contracts/reviews';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

const keys = {
  all: ['admin', 'reviews'] as const,
  list: (status: ReviewStatus, page: number) => [...keys.all, 'list', status, page] as const,
  settings: () => [...keys.all, 'settings'] as const,
};

export const REVIEWS_PAGE_SIZE = 20;

/** The moderation queue for one status (GET /api/admin/reviews). */
export function useReviews(status: ReviewStatus, page: number) {
  return useQuery({
    queryKey: keys.list(status, page),
    queryFn: ({ signal }) =>
      api.get<AdminReviewList>('/api/admin/reviews', {
        params: { status, page, limit: REVIEWS_PAGE_SIZE },
        signal,
      }),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}

/** Publish, hide or reply (PATCH /api/admin/reviews/:reviewId); every list is asked again after. */
export function useModerateReview() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: ReviewModeration }) =>
      api.patch<AdminReview>(`/api/admin/reviews/${encodeURIComponent(id)}`, change),
    onSuccess: () => client.invalidateQueries({ queryKey: [...keys.all, 'list'] }),
  });
}

/** Hide a reviewer's photo from the product page or show it again (PATCH .../photos/:photoId). */
export function useModeratePhoto() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ reviewId, photoId, hidden }: { reviewId: string; photoId: string; hidden: boolean }) =>
      api.patch<AdminReview>(
        `/api/admin/reviews/${encodeURIComponent(reviewId)}/photos/${encodeURIComponent(photoId)}`,
        { hidden },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: [...keys.all, 'list'] }),
  });
}

export function useReviewSettings() {
  return useQuery({
    queryKey: keys.settings(),
    queryFn: ({ signal }) => api.get<ReviewSettings>('/api/admin/reviews/settings', { signal }),
  });
}

export function useUpdateReviewSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: ReviewSettingsPatch) =>
      api.patch<ReviewSettings>('/api/admin/reviews/settings', patch),
    onSuccess: (saved) => client.setQueryData(keys.settings(), saved),
  });
}
