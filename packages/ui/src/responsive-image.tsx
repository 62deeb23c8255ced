import { type ImageSource, imageSrcSet as srcSet } from '@cartwheel/shared/images';
import { type ComponentProps, useState } from 'react';

interface ResponsiveImageProps
  extends Omit<ComponentProps<'img'>, 'src' | 'srcSet' | 'width' | 'height' | 'loading' | 'onError'> {
  /** The image; null or undefined shows `fallbackSrc`. */
  image: ImageSource | null | undefined;
  /** Shown when there is no image or its file fails to load. */
  fallbackSrc?: string;
  alt: string;
  /** The box's size in CSS pixels: the browser reserves it before the image loads (no layout shift). */
  width: number;
  height: number;
  /** How wide the image is drawn, for choosing among the copies: "(min-width: 768px) 50vw, 100vw". */
  sizes: string;
  /** The first screen's main image: loads at once and first (fetchpriority high); otherwise lazily. */
  priority?: boolean;
  /** Above the fold but not the main image (a logo): loads at once, at the normal priority. */
  eager?: boolean;
}

/**
 * An image in the smallest copy that fills its box: AVIF where the browser reads it, WebP otherwise
 * (`<picture>`), the single stored file while no copies exist. Falls back to `fallbackSrc`, if any, on error.
 */
export function ResponsiveImage({
  image,
  fallbackSrc,
  alt,
  width,
  height,
  sizes,
  priority = false,
  eager = false,
  ...props
}: ResponsiveImageProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const usable = image && failed !== image.url ? image : null;
  const img = (
    <img
      {...props}
      alt={alt}
      src={usable?.url ?? fallbackSrc}
      srcSet={usable?.variants?.length ? srcSet(usable, 'webp') : undefined}
      sizes={usable?.variants?.length ? sizes : undefined}
      width={width}
      height={height}
      loading={priority || eager ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
      onError={() => {
        if (usable && fallbackSrc) setFailed(usable.url);
      }}
    />
  );
  if (!usable?.variants?.length) return img;
  return (
    <picture className="contents">
      <source type="image/avif" srcSet={srcSet(usable, 'avif')} sizes={sizes} />
      {img}
    </picture>
  );
}
