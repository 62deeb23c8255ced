import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { JobRun, Jobs } from '../jobs/jobs.ts';
import { type ImageStore, imageVariantName } from '../uploads/image-store.ts';
import { renderVariants, saveVariants } from '../uploads/image-variants.ts';
import { productImages } from './catalog.schema.ts';
import { type DbOrTx, touchProduct } from './product-shared.ts';

// The smaller copies of every stored product image (docs/decisions/0039-responsive-images.md): an
// upload or an import stores one WebP and answers; this job makes the AVIF and WebP copies by width
// and records them on the row (product_images.variants). Until then pages show the single WebP.

const QUEUE = 'image-variants';

/** Images whose copies are made per backfill run: one run is a few seconds of work. */
export const BACKFILL_BATCH = 20;
/** How often the backfill looks for images without copies. */
export const IMAGE_BACKFILL_SECONDS = 300;

/** Queues the copies of one image; with the caller's transaction, the job exists if that commits. */
export async function queueImageVariants(jobs: Jobs, tx: DbOrTx, imageId: string): Promise<void> {
  await jobs.enqueue(QUEUE, { imageId }, { tx, retryLimit: 3 });
}

/**
 * Makes the copies of one image and records them with its size. An image that is gone or already
 * has copies is left alone; one whose file this store did not make (added by URL) or cannot decode
 * gets an empty list, so it is not tried again. A storage failure throws: the job is tried again.
 */
export async function makeImageVariants(
  db: Db,
  store: ImageStore,
  imageId: string,
  log?: { warn(obj: object, msg?: string): void },
  signal?: AbortSignal,
): Promise<void> {
  const [image] = await db
    .select({ url: productImages.url, productId: productImages.productId, variants: productImages.variants })
    .from(productImages)
    .where(eq(productImages.id, imageId));
  if (!image || image.variants) return;
  const source = imageVariantName(image.url, 1) ? await store.read(image.url) : null;
  let rendered: Awaited<ReturnType<typeof renderVariants>> | null = null;
  if (source) {
    try {
      rendered = await renderVariants(source);
    } catch (error) {
      log?.warn({ err: error, imageId }, 'could not make the copies of an image');
    }
  }
  // The rendering cannot be stopped; a run past its timeout stores nothing of it.
  signal?.throwIfAborted();
  const variants = await saveVariants(store, image.url, rendered?.variants ?? []);
  signal?.throwIfAborted();
  await db.transaction(async (tx) => {
    // Only the row as read: a replaced or removed image keeps what it has.
    const updated = await tx
      .update(productImages)
      .set({
        variants,
        ...(rendered ? { width: rendered.width, height: rendered.height } : {}),
      })
      .where(
        and(eq(productImages.id, imageId), eq(productImages.url, image.url), isNull(productImages.variants)),
      )
      .returning({ id: productImages.id });
    // The product's pages are rendered again with the copies (caches and the CDN follow the change).
    if (updated.length > 0) await touchProduct(tx, image.productId);
  });
}

/** Registers the job's handler and the backfill, which makes the copies of images that have none. */
export function registerImageVariants(
  jobs: Jobs,
  db: Db,
  store: ImageStore,
  log: { warn(obj: object, msg?: string): void },
  backfillSeconds: number,
): void {
  jobs.define<{ imageId: string }>(QUEUE, (data, run: JobRun) =>
    makeImageVariants(db, store, data.imageId, log, run.signal),
  );
  // Straight in the scheduled run (not one job per image): a lost job is found again next period.
  jobs.schedule('image-variants-backfill', backfillSeconds, async (signal) => {
    // Images younger than a minute still have their own job on the way.
    const ids = await db
      .select({ id: productImages.id })
      .from(productImages)
      .where(
        and(isNull(productImages.variants), sql`${productImages.createdAt} < now() - interval '1 minute'`),
      )
      .orderBy(productImages.createdAt, productImages.id)
      .limit(BACKFILL_BATCH);
    for (const { id } of ids) await makeImageVariants(db, store, id, log, signal);
  });
}
