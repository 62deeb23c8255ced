import { api } from '@cartwheel/shared/api-client';
import type { ReviewInvitation } from '@cartwheel/shared/contracts/reviews';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { ReviewSubmission } from './submit-review.ts';
import { uploadReviewPhotos } from './upload-review-photos.ts';

const linkPath = (token: string) => `/api/reviews/links/${encodeURIComponent(token)}`;

/** GET /api/reviews/links/:token: the product a review request's link asks about. */
export function useReviewInvitation(token: string) {
  return useQuery({
    queryKey: ['reviews', 'link', token],
    queryFn: ({ signal }) => api.get<ReviewInvitation>(linkPath(token), { signal }),
    retry: false,
  });
}

/** POST /api/reviews/links/:token: the buyer's review, without signing in, then its photos. */
export function useSubmitLinkReview(token: string) {
  return useMutation({
    mutationFn: async ({ review, photos }: ReviewSubmission) => {
      const saved = await api.post<{ id: string; status: string; verified: boolean }>(
        linkPath(token),
        review,
      );
      const photosFailed = await uploadReviewPhotos(`${linkPath(token)}/photos`, photos);
      return { ...saved, photosFailed };
    },
  });
}
