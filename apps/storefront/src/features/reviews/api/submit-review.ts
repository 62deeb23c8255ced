import { api } from '@cartwheel/shared/api-client';
import type { ReviewInput } from '@cartwheel/shared/contracts/reviews';
import { useMutation } from '@tanstack/react-query';

/** POST /api/products/:slug/reviews: a signed-in shopper's review (it waits for moderation). */
export function useSubmitReview(slug: string) {
  return useMutation({
    mutationFn: (review: ReviewInput) =>
      api.post<{ id: string; status: string; verified: boolean }>(
        `/api/products/${encodeURIComponent(slug)}/reviews`,
        review,
      ),
  });
}
