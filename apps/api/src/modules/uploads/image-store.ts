import { randomUUID } from 'node:crypto';
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import { createS3ImageStore } from './s3-image-store.ts';

/** Longest side of a stored product image, in pixels. */
export const MAX_IMAGE_SIDE = 1600;
/** Image formats accepted for upload (as sharp names them; AVIF is "heif"). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif', 'tiff']);
export const UNSUPPORTED_IMAGE_MESSAGE = 'Unsupported image type: upload a JPEG, PNG, WebP, GIF or AVIF file';

/** An upload route's raw body as the image bytes; anything else is a 415 with a clear message. */
export function imageBody(body: unknown): Buffer {
  if (!Buffer.isBuffer(body) || body.length === 0) {
    throw new AppError(
      'unsupported_media_type',
      'unsupported_media_type',
      'Send the image file as the request body with an image Content-Type',
    );
  }
  return body;
}

export type ImageFormat = 'webp' | 'avif';

/**
 * Where uploaded images are kept. `save` returns the URL the image is served at: a new random name,
 * or `name` (a stored image's id and a width, see imageVariantName) for a copy of a stored image.
 * Names are never reused for other bytes, so every URL may be cached for a year.
 */
export interface ImageStore {
  save(data: Buffer, extension: ImageFormat, name?: string): Promise<string>;
  /** The bytes of a file this store saved; null for a URL it did not make. */
  read(url: string): Promise<Buffer | null>;
  /** Removes a file this store saved; URLs it did not make are ignored. */
  remove(url: string): Promise<void>;
}

/** A stored file's name: a UUID, optionally "-<width>" for a smaller copy, and the format. */
export const STORED_IMAGE_NAME = /^([0-9a-f-]{36})(-\d{1,5})?\.(webp|avif)$/;

/** The name (without extension) of the `width`-pixel copy of the stored image at `url`; null for URLs of others. */
export function imageVariantName(url: string, width: number): string | null {
  const match = STORED_IMAGE_NAME.exec(url.slice(url.lastIndexOf('/') + 1));
  return match && !match[2] ? `${match[1]}-${width}` : null;
}

function storedName(name: string | undefined, extension: ImageFormat): string {
  const file = `${name ?? randomUUID()}.${extension}`;
  if (!STORED_IMAGE_NAME.test(file)) throw new Error(`not a stored image name: ${file}`);
  return file;
}

const UPLOAD_URL = /^\/uploads\/([0-9a-f-]{36}(?:-\d{1,5})?\.(?:webp|avif))$/;

/** Files under DATA_DIR/uploads, served by the API at /uploads/ (see uploads.routes.ts). */
export function createLocalImageStore(dataDir: string): ImageStore {
  const dir = join(dataDir, 'uploads');
  return {
    async save(data, extension, name) {
      await mkdir(dir, { recursive: true });
      const file = storedName(name, extension);
      // A copy made again (a retried job) overwrites its own earlier bytes; a new upload never does.
      await writeFile(join(dir, file), data, { flag: name ? 'w' : 'wx' });
      return `/uploads/${file}`;
    },
    async read(url) {
      const match = UPLOAD_URL.exec(url);
      return match ? readFile(join(dir, match[1]!)) : null;
    },
    async remove(url) {
      const match = UPLOAD_URL.exec(url);
      if (!match) return;
      await unlink(join(dir, match[1]!)).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'ENOENT') throw error;
      });
    },
  };
}

/** The store the configuration asks for: DATA_DIR/uploads (default) or an S3-compatible bucket. */
export function createImageStore(config: Pick<Config, 'dataDir' | 'uploads'>): ImageStore {
  const s3 = config.uploads.s3;
  if (config.uploads.storage === 's3' && s3.endpoint && s3.bucket && s3.accessKeyId && s3.secretAccessKey) {
    return createS3ImageStore({
      endpoint: s3.endpoint,
      region: s3.region,
      bucket: s3.bucket,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      publicUrl: s3.publicUrl,
      forcePathStyle: s3.forcePathStyle,
    });
  }
  return createLocalImageStore(config.dataDir);
}

/** An image as stored: WebP bytes and their size in pixels. */
export interface StoredImage {
  data: Buffer;
  width: number;
  height: number;
}

/** sharp (libvips) loads with the first image processed: the storefront never needs it. */
export async function loadSharp() {
  return (await import('sharp')).default;
}

/** Decodes at most this many pixels: a guard against decompression bombs (a tiny file that decodes to gigapixels). */
export const MAX_INPUT_PIXELS = 50_000_000;

/**
 * Checks that the bytes are an image of an accepted format (whatever the Content-Type said) and
 * turns them into a WebP of at most 1600 px on the longest side, upright, without metadata.
 */
export async function processProductImage(input: Buffer): Promise<StoredImage> {
  const sharp = await loadSharp();
  let metadata: { format?: string; width?: number; height?: number };
  try {
    // The header only: nothing is decoded yet, so the size can be checked before any pixel is.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError('invalid', 'invalid_image', 'The file is not a readable image');
  }
  const { format, width = 0, height = 0 } = metadata;
  if (!format || !ACCEPTED_FORMATS.has(format)) {
    throw new AppError('unsupported_media_type', 'unsupported_media_type', UNSUPPORTED_IMAGE_MESSAGE);
  }
  if (width * height > MAX_INPUT_PIXELS) {
    throw new AppError(
      'invalid',
      'image_too_many_pixels',
      `The image is ${width} × ${height} pixels: at most ${MAX_INPUT_PIXELS / 1_000_000} megapixels can be uploaded`,
    );
  }
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
      .rotate()
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    throw new AppError('invalid', 'invalid_image', 'The file is not a readable image');
  }
}
