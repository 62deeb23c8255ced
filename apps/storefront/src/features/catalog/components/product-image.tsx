import type { Product, ProductImage as ProductImageData } from '@cartwheel/shared/contracts/catalog';
import { cn } from '@cartwheel/ui/lib/utils';

export const PLACEHOLDER_IMAGE_URL = `${import.meta.env.BASE_URL}placeholder.svg`;

/** The image that represents a product: the one marked as thumbnail, else the first by sort order. */
export function primaryImage(product: Pick<Product, 'images'>): ProductImageData | undefined {
  const thumbnail = product.images.find((image) => image.is_thumbnail);
  if (thumbnail) return thumbnail;
  return [...product.images].sort((a, b) => a.sort_order - b.sort_order)[0];
}

interface ProductImageProps {
  product: Pick<Product, 'name' | 'images'>;
  /** Intrinsic size, so the browser reserves the space before the image loads (no layout shift). */
  width: number;
  height: number;
  /** Above-the-fold images load eagerly; everything else lazily. */
  priority?: boolean;
  className?: string;
}

/** A product's main image, or the placeholder when it has none (or its file fails to load). */
export function ProductImage({ product, width, height, priority = false, className }: ProductImageProps) {
  const image = primaryImage(product);
  return (
    <img
      src={image?.url ?? PLACEHOLDER_IMAGE_URL}
      alt={image?.alt_text || product.name}
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      fetchPriority={priority ? 'high' : 'auto'}
      onError={(event) => {
        const img = event.currentTarget;
        if (!img.src.endsWith(PLACEHOLDER_IMAGE_URL)) img.src = PLACEHOLDER_IMAGE_URL;
      }}
      className={cn('aspect-square w-full bg-muted object-cover', className)}
    />
  );
}
