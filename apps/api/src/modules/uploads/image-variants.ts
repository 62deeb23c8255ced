import type { ImageVariant } from '@cartwheel/shared/contracts/catalog';
import type { ImageFormat, ImageStore } from './image-store.ts';
import { imageVariantName, loadSharp, MAX_INPUT_PIXELS } from './image-store.ts';

/** The widths pages ask for (srcset); an image narrower than the widest gets its own width as the last. */
export const VARIANT_WIDTHS = [320, 640, 960, 1280] as const;

/** The copies' widths for an image `width` pixels wide: never wider than the image itself. */
export function variantWidths(width: number): number[] {
  const widths: number[] = VARIANT_WIDTHS.filter((w) => w < width);
  if (widths.length < VARIANT_WIDTHS.length) widths.push(width);
  return widths;
}

export interface RenderedVariant {
  width: number;
  format: ImageFormat;
  data: Buffer;
}

// AVIF at quality 50 looks like WebP at 75 at about two thirds of the bytes; effort 2 keeps the
// encode near WebP's time (effort 4, the default, is several times slower for a few percent).
const AVIF_QUALITY = 50;
const WEBP_QUALITY = 75;
const DEFAULT_AVIF_EFFORT = 2;

/**
 * AVIF effort for copies made inside a request (content uploads): on photographs effort 0 takes
 * about a third of effort 2's CPU for 1-4% more bytes (docs/decisions/0051-content-image-copies.md).
 */
export const FAST_AVIF_EFFORT = 0;

/**
 * Every copy of an image (any format sharp reads, SVG included): each width of variantWidths in AVIF
 * and WebP, upright, without metadata. `width`/`height` are the source's size (an SVG's as drawn).
 */
export async function renderVariants(
  input: Buffer,
  options: { avifEffort?: number } = {},
): Promise<{ width: number; height: number; variants: RenderedVariant[] }> {
  const encode = {
    avif: { quality: AVIF_QUALITY, effort: options.avifEffort ?? DEFAULT_AVIF_EFFORT },
    webp: { quality: WEBP_QUALITY },
  };
  const sharp = await loadSharp();
  const source = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
  const meta = await source.metadata();
  const upright = (meta.orientation ?? 1) >= 5;
  const width = (upright ? meta.height : meta.width) ?? 0;
  const height = (upright ? meta.width : meta.height) ?? 0;
  if (width < 1 || height < 1) throw new Error('the image has no size');
  const variants: RenderedVariant[] = [];
  for (const w of variantWidths(width)) {
    // A vector image is drawn at the size asked for rather than scaled from a raster.
    const scaled =
      meta.format === 'svg'
        ? sharp(input, { density: ((meta.density ?? 72) * w) / width })
        : source.clone().resize({ width: w, withoutEnlargement: true });
    for (const format of ['avif', 'webp'] as const) {
      const data = await scaled.clone()[format](encode[format]).toBuffer();
      variants.push({ width: w, format, data });
    }
  }
  return { width, height, variants };
}

/**
 * Saves the copies of the stored image at `url` beside it (`<uuid>-<width>.<avif|webp>`) and lists
 * them by width, narrowest first, as pages read them (ImageVariant).
 */
export async function saveVariants(
  store: ImageStore,
  url: string,
  copies: readonly RenderedVariant[],
): Promise<ImageVariant[]> {
  const variants: ImageVariant[] = [];
  for (const copy of copies) {
    const name = imageVariantName(url, copy.width);
    if (!name) throw new Error(`not a stored image: ${url}`);
    const saved = await store.save(copy.data, copy.format, name);
    let entry = variants.find((v) => v.width === copy.width);
    if (!entry) {
      entry = { width: copy.width, avif: '', webp: '' };
      variants.push(entry);
    }
    entry[copy.format] = saved;
  }
  return variants;
}
