import { randomUUID } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
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

/** Where uploaded images are kept. `save` returns the URL the image is served at. */
export interface ImageStore {
  save(data: Buffer, extension: 'webp'): Promise<string>;
  /** Removes a file this store saved; URLs it did not make are ignored. */
  remove(url: string): Promise<void>;
}

const UPLOAD_URL = /^\/uploads\/([0-9a-f-]{36}\.webp)$/;

/** Files under DATA_DIR/uploads, served by the API at /uploads/ (see uploads.static.ts). */
export function createLocalImageStore(dataDir: string): ImageStore {
  const dir = join(dataDir, 'uploads');
  return {
    async save(data, extension) {
      await mkdir(dir, { recursive: true });
      const name = `${randomUUID()}.${extension}`;
      await writeFile(join(dir, name), data, { flag: 'wx' });
      return `/uploads/${name}`;
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

/**
 * Checks that the bytes are an image of an accepted format (whatever the Content-Type said) and
 * turns them into a WebP of at most 1600 px on the longest side, upright, without metadata.
 */
export async function processProductImage(input: Buffer): Promise<Buffer> {
  // sharp (libvips) loads with the first upload: the storefront never needs it.
  const { default: sharp } = await import('sharp');
  let format: string | undefined;
  try {
    // limitInputPixels guards against decompression bombs (a tiny file that decodes to gigapixels).
    const metadata = await sharp(input, { limitInputPixels: 50_000_000 }).metadata();
    format = metadata.format;
  } catch {
    throw new AppError('invalid', 'invalid_image', 'The file is not a readable image');
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) {
    throw new AppError('unsupported_media_type', 'unsupported_media_type', UNSUPPORTED_IMAGE_MESSAGE);
  }
  try {
    return await sharp(input, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 82 })
      .toBuffer();
  } catch {
    throw new AppError('invalid', 'invalid_image', 'The file is not a readable image');
  }
}
