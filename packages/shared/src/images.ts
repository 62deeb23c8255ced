import type { ProductImage } from './contracts/catalog.ts';

export type ImageSource = Pick<ProductImage, 'url' | 'variants'>;

/**
 * An image's `srcset` in one format: its copies by width ("/a-320.webp 320w, /a-640.webp 640w"),
 * empty while it has none (then only `url` is shown).
 */
export function imageSrcSet(image: ImageSource, format: 'avif' | 'webp'): string {
  return (image.variants ?? []).map((v) => `${v[format]} ${v.width}w`).join(', ');
}

/** How wide a product card's image is drawn: half the screen on phones, a third, then a quarter of the 72rem page. */
export const CARD_IMAGE_SIZES = '(min-width: 1024px) 280px, (min-width: 768px) 33vw, 50vw';

/** A grid's first cards (the first row on a phone): their images load at once and first, the rest lazily. */
export const PRIORITY_CARDS = 2;
