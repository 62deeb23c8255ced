import { api } from '@cartwheel/shared/api-client';
import type { ReviewInput } from '@cartwheel/shared/contracts/reviews';
import { useMutation } from '@tanstack/react-query';
import { uploadReviewPhotos } from './upload-review-photos.ts';

/** What a shopper sends: the review, and the photos to attach once it is saved. */
export interface ReviewSubmission {
  review: ReviewInput;
  photos: readonly File[];
}

/** POST /api/products/:slug/reviews: a signed-in shopper's review (it waits for moderation), then its photos. */
export function useSubmitReview(slug: string) {
  return useMutation({
    mutationFn: async ({ review, photos }: ReviewSubmission) => {
      const saved = await api.post<{ id: string; status: string; verified: boolean }>(
        `/api/products/${encodeURIComponent(slug)}/reviews`,
        review,
      );
      const photosFailed = await uploadReviewPhotos(`/api/reviews/${saved.id}/photos`, photos);
      return { ...saved, photosFailed };
    },
  });
}
