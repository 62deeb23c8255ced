import { api } from '@cartwheel/shared/api-client';
import type { ProductImage } from '@cartwheel/shared/contracts/catalog';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { productKeys, refreshProduct } from './product-keys.ts';
import { rawRequest } from './raw-request.ts';

type ImageList = { items: ProductImage[] };

/** POST /api/admin/products/:productId/images/upload: the file itself as the body. */
export function uploadImage(productId: string, file: File, altText?: string) {
  const query = altText ? `?alt_text=${encodeURIComponent(altText)}` : '';
  return rawRequest<ImageList>(
    `/api/admin/products/${productId}/images/upload${query}`,
    file,
    file.type || 'application/octet-stream',
  );
}

/** POST /api/admin/products/:productId/images: by URL (http, https or /uploads/). */
export function addImageUrl(productId: string, url: string, altText?: string) {
  return api.post<ImageList>(`/api/admin/products/${productId}/images`, {
    url,
    ...(altText ? { alt_text: altText } : {}),
  });
}

/** PATCH .../images/:imageId { is_thumbnail: true } */
export function setThumbnail(productId: string, imageId: string) {
  return api.patch<ImageList>(`/api/admin/products/${productId}/images/${imageId}`, { is_thumbnail: true });
}

/** DELETE .../images/:imageId */
export function deleteImage(productId: string, imageId: string) {
  return api.delete<ImageList>(`/api/admin/products/${productId}/images/${imageId}`);
}

export type ImageAction =
  | { kind: 'upload'; file: File; altText?: string }
  | { kind: 'url'; url: string; altText?: string }
  | { kind: 'thumbnail'; imageId: string }
  | { kind: 'delete'; imageId: string };

/** Every image change of the editor; the product's cached images are replaced by the answer. */
export function useImageAction(productId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: ImageAction) => {
      switch (action.kind) {
        case 'upload':
          return uploadImage(productId, action.file, action.altText);
        case 'url':
          return addImageUrl(productId, action.url, action.altText);
        case 'thumbnail':
          return setThumbnail(productId, action.imageId);
        case 'delete':
          return deleteImage(productId, action.imageId);
      }
    },
    onSuccess: ({ items }, action) => {
      queryClient.setQueryData(
        productKeys.detail(productId),
        (product: { images: ProductImage[] } | undefined) =>
          product ? { ...product, images: items } : product,
      );
      refreshProduct(queryClient);
      // A deleted image leaves the variants that showed it without one.
      if (action.kind === 'delete') {
        void queryClient.invalidateQueries({ queryKey: productKeys.variants(productId) });
      }
    },
  });
}
