import type { ProductImage } from './contracts/catalog.ts';
import type { ContentImage } from './contracts/content.ts';

export type ImageSource = Pick<ProductImage, 'url' | 'variants'>;

/** The stored copies of the content image at `url`, or the URL alone (shown as it is) when it has none. */
export function imageOf(images: readonly ContentImage[], url: string): ImageSource {
  return images.find((image) => image.url === url) ?? { url, variants: [] };
}

/**
 * An image's `srcset` in one format: its copies by width ("/a-320.webp 320w, /a-640.webp 640w"),
 * empty while it has none (then only `url` is shown).
 */
export function imageSrcSet(image: ImageSource, format: 'avif' | 'webp'): string {
  return (image.variants ?? []).map((v) => `${v[format]} ${v.width}w`).join(', ');
}

/** How wide a product card's image is drawn: half the screen on phones, a third, then a quarter of the 72rem page. */
export const CARD_IMAGE_SIZES = '(min-width: 1024px) 280px, (min-width: 768px) 33vw, 50vw';

/** How wide the product page's main image is drawn: the whole screen on phones, half the 72rem page from md up. */
export const PRODUCT_IMAGE_SIZES = '(min-width: 768px) min(50vw, 536px), 100vw';
/** The product page's main image box (square, the image cropped to fill it). */
export const PRODUCT_IMAGE_BOX = { width: 800, height: 800 } as const;

/** A grid's first cards (the first row on a phone): their images load at once and first, the rest lazily. */
export const PRIORITY_CARDS = 2;

/** How wide the home hero's image is drawn: the 48rem column, or the screen less its 1rem margins. */
export const HERO_IMAGE_SIZES = '(min-width: 800px) 768px, calc(100vw - 2rem)';
/** The hero image's box (2.5:1, the image cropped to fill it): reserved before the image loads. */
export const HERO_IMAGE_BOX = { width: 1200, height: 480 } as const;

/** The shop's logo in the header: a 28 px square, the image contained in it. */
export const LOGO_IMAGE_SIZES = '28px';
export const LOGO_IMAGE_BOX = { width: 28, height: 28 } as const;
