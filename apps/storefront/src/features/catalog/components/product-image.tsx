import type { ProductImage as ProductImageData } from '@cartwheel/shared/contracts/catalog';
import { CARD_IMAGE_SIZES } from '@cartwheel/shared/images';
import { cn } from '@cartwheel/ui/lib/utils';
import { ResponsiveImage } from '@cartwheel/ui/responsive-image';

export const PLACEHOLDER_IMAGE_URL = `${import.meta.env.BASE_URL}placeholder.svg`;

interface ProductImageProps {
  /** The product's card image (the thumbnail, else the first); null shows the placeholder. */
  image: ProductImageData | null;
  /** The product's name: the alternative text when the image has none. */
  name: string;
  /** Size of the square box, so the browser reserves the space before the image loads (no layout shift). */
  width: number;
  height: number;
  sizes?: string;
  /** Above-the-fold images load eagerly and first; everything else lazily. */
  priority?: boolean;
  className?: string;
}

/** A product's main image, or the placeholder when it has none (or its file fails to load). */
export function ProductImage({
  image,
  name,
  width,
  height,
  sizes = CARD_IMAGE_SIZES,
  priority = false,
  className,
}: ProductImageProps) {
  return (
    <ResponsiveImage
      image={image}
      fallbackSrc={PLACEHOLDER_IMAGE_URL}
      alt={image?.alt_text || name}
      width={width}
      height={height}
      sizes={sizes}
      priority={priority}
      className={cn('aspect-square w-full bg-muted object-cover', className)}
    />
  );
}
