import type { ContentImage, HomeContent, StoreSettings } from '@cartwheel/shared/contracts/content';
import { inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { type ImageStore, processProductImage } from '../uploads/image-store.ts';
import { FAST_AVIF_EFFORT, renderVariants, saveVariants } from '../uploads/image-variants.ts';
import { contentImages } from './content.schema.ts';

// Images uploaded for the storefront's content (docs/decisions/0051-content-image-copies.md): the
// upload stores the WebP and its AVIF and WebP copies by width before it answers, and a row that
// records them; the settings name the image by URL. Saving settings that no longer name an uploaded
// image removes its row and files.

type Log = { warn(obj: object, msg?: string): void };

/**
 * Checks and stores an uploaded image with its copies (one image of at most 1600 px: about half a
 * second of CPU with the fast AVIF effort). A file that is not a readable image of an accepted
 * format is refused (4xx) before anything is written.
 */
export async function storeContentImage(
  db: Db,
  store: ImageStore,
  input: Buffer,
  log: Log,
): Promise<ContentImage> {
  const stored = await processProductImage(input);
  const url = await store.save(stored.data, 'webp');
  let variants: ContentImage['variants'] = [];
  try {
    const rendered = await renderVariants(stored.data, { avifEffort: FAST_AVIF_EFFORT });
    variants = await saveVariants(store, url, rendered.variants);
    const image = { url, width: stored.width, height: stored.height, variants };
    await db.insert(contentImages).values(image);
    return image;
  } catch (error) {
    await removeFiles(store, log, [{ url, variants }]);
    throw error;
  }
}

/** The stored images among `urls` (URLs of others, and uploads made before copies existed, have none). */
export async function contentImagesOf(
  db: Db | Tx,
  urls: ReadonlyArray<string | null>,
): Promise<ContentImage[]> {
  const wanted = [...new Set(urls.filter((url): url is string => Boolean(url)))];
  if (wanted.length === 0) return [];
  const rows = await db
    .select({
      url: contentImages.url,
      width: contentImages.width,
      height: contentImages.height,
      variants: contentImages.variants,
    })
    .from(contentImages)
    .where(inArray(contentImages.url, wanted));
  return wanted.flatMap((url) => rows.filter((row) => row.url === url));
}

/** Every image URL the storefront's settings name. */
export function namedImageUrls(store: StoreSettings, home: HomeContent): string[] {
  return [home.hero.image_url, store.logo_url, store.social_image_url].filter((url): url is string =>
    Boolean(url),
  );
}

async function removeFiles(
  store: ImageStore,
  log: Log,
  images: ReadonlyArray<Pick<ContentImage, 'url' | 'variants'>>,
) {
  for (const image of images) {
    for (const url of [image.url, ...image.variants.flatMap((v) => [v.avif, v.webp])]) {
      await store.remove(url).catch((error: unknown) => {
        log.warn({ err: error, url }, 'could not remove an uploaded image');
      });
    }
  }
}

/**
 * Runs `save` (a write of the settings rows) so that the uploaded images named before and not after
 * lose their rows in the same transaction, then removes their files. Saves are taken one at a time
 * (an advisory lock), so two saves cannot each think the other still names an image.
 */
export async function saveSettingsDroppingImages<T>(
  db: Db,
  store: ImageStore,
  log: Log,
  named: (tx: Tx) => Promise<string[]>,
  save: (tx: Tx) => Promise<T>,
): Promise<T> {
  const { result, dropped } = await db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('cartwheel.content_images'))`);
    const before = await named(tx);
    const result = await save(tx);
    const after = new Set(await named(tx));
    const gone = before.filter((url) => !after.has(url));
    const dropped =
      gone.length === 0
        ? []
        : await tx
            .delete(contentImages)
            .where(inArray(contentImages.url, gone))
            .returning({ url: contentImages.url, variants: contentImages.variants });
    return { result, dropped };
  });
  // After the commit: a file is never removed while a committed setting still names it.
  await removeFiles(store, log, dropped);
  return result;
}
