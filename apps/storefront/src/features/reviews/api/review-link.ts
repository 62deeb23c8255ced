import { api } from '@cartwheel/shared/api-client';
import type { ReviewInput, ReviewInvitation } from '@cartwheel/shared/contracts/reviews';
import { useMutation, useQuery } from '@tanstack/react-query';

const linkPath = (token: string) => `/api/reviews/links/${encodeURIComponent(token)}`;

/** GET /api/reviews/links/:token: the product a review request's link asks about. */
export function useReviewInvitation(token: string) {
  return useQuery({
    queryKey: ['reviews', 'link', token],
    queryFn: ({ signal }) => api.get<ReviewInvitation>(linkPath(token), { signal }),
    retry: false,
  });
}

/** POST /api/reviews/links/:token: the buyer's review, without signing in. */
export function useSubmitLinkReview(token: string) {
  return useMutation({
    mutationFn: (review: ReviewInput) =>
      api.post<{ id: string; status: string; verified: boolean }>(linkPath(token), review),
  });
}
