import { api } from '@cartwheel/shared/api-client';
import type { ImproveProductBody, ImproveProductResponse } from '@cartwheel/shared/contracts/ai';
import { useMutation } from '@tanstack/react-query';

/** POST /api/admin/ai/improve-product: a rewritten name and description (plain text). */
export function improveProduct(body: ImproveProductBody) {
  return api.post<ImproveProductResponse>('/api/admin/ai/improve-product', body);
}

export function useImproveProduct() {
  return useMutation({ mutationFn: improveProduct });
}
