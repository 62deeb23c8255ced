import { api } from '@cartwheel/shared/api-client';
import type { ProductReviews, ReviewSort } from '@cartwheel/shared/contracts/reviews';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

export const reviewKeys = {
  product: (slug: string, sort: ReviewSort, page: number) => ['reviews', slug, sort, page] as const,
};

export function getProductReviews(
  slug: string,
  sort: ReviewSort,
  page: number,
  signal?: AbortSignal,
): Promise<ProductReviews> {
  return api.get<ProductReviews>(`/api/products/${encodeURIComponent(slug)}/reviews`, {
    params: { sort, page },
    signal,
  });
}

/** The product's rating and one page of its published reviews (the page's first render asks for newest, page 1). */
export function productReviewsQueryOptions(slug: string, sort: ReviewSort = 'newest', page = 1) {
  return queryOptions({
    queryKey: reviewKeys.product(slug, sort, page),
    queryFn: ({ signal }) => getProductReviews(slug, sort, page, signal),
    // Another page or sort keeps the reviews on screen until the next arrive.
    placeholderData: keepPreviousData,
  });
}

export function useProductReviews(slug: string, sort: ReviewSort = 'newest', page = 1) {
  return useQuery(productReviewsQueryOptions(slug, sort, page));
}
