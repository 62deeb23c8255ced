import type { ProductImageImport } from '@cartwheel/shared/contracts/product-import';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { JobRun, Jobs } from '../jobs/jobs.ts';
import { type ImageStore, processProductImage, type StoredImage } from '../uploads/image-store.ts';
import { type FetchImageOptions, fetchRemoteImage } from './fetch-remote-image.ts';
import { addProductImage } from './product-image.service.ts';
import { productImageImports } from './product-import.schema.ts';
import type { DbOrTx } from './product-shared.ts';

// The images an import names by URL (docs/decisions/0035-imports-from-other-shops.md): the import
// records them (product_image_imports, 'pending') and queues one job per product in its transaction;
// the job fetches them in order, stores each like an upload (a WebP of at most 1600 px) and adds it to
// the product, or records why not ('failed', shown on the product in the back office).

const QUEUE = 'product-image-import';

/** Queues the fetch of a product's pending images; with the import's transaction, it exists if that commits. */
export async function queueProductImageFetch(jobs: Jobs, tx: DbOrTx, productId: string): Promise<void> {
  await jobs.enqueue(QUEUE, { productId }, { tx, retryLimit: 3 });
}

/** Registers the job's handler. */
export function registerProductImageImport(
  jobs: Jobs,
  db: Db,
  store: ImageStore,
  fetchOptions: Pick<FetchImageOptions, 'allowLoopback'>,
): void {
  jobs.define<{ productId: string }>(QUEUE, (data, run) =>
    fetchProductImages(db, store, data.productId, fetchOptions, run, jobs),
  );
}

const mark = (db: Db, id: string, set: { status: 'done' | 'failed'; error?: string; imageUrl?: string }) =>
  db
    .update(productImageImports)
    .set({ ...set, updatedAt: sql`now()` as unknown as Date })
    .where(eq(productImageImports.id, id));

/**
 * Fetches a product's pending images in order. A refusal (private address, not an image, too large,
 * a 4xx) fails that image at once; a failure that may pass (network, 5xx) throws so the job is tried
 * again later, and on the job's last try fails the image. Images already stored are not fetched again.
 */
export async function fetchProductImages(
  db: Db,
  store: ImageStore,
  productId: string,
  fetchOptions: Pick<FetchImageOptions, 'allowLoopback'>,
  run: Pick<JobRun, 'lastAttempt' | 'signal'>,
  jobs?: Jobs,
): Promise<void> {
  const pending = await db
    .select()
    .from(productImageImports)
    .where(and(eq(productImageImports.productId, productId), eq(productImageImports.status, 'pending')))
    .orderBy(asc(productImageImports.position));
  for (const image of pending) {
    run.signal.throwIfAborted();
    const fetched = await fetchRemoteImage(image.sourceUrl, { ...fetchOptions, signal: run.signal });
    // Stopped by the job's timeout, not the image's fault: the job is tried again.
    run.signal.throwIfAborted();
    if (!fetched.ok) {
      if (fetched.retry && !run.lastAttempt) throw new Error(`${image.sourceUrl}: ${fetched.error}`);
      await mark(db, image.id, { status: 'failed', error: fetched.error });
      continue;
    }
    let stored: StoredImage;
    try {
      stored = await processProductImage(fetched.data);
    } catch {
      await mark(db, image.id, { status: 'failed', error: 'The file is not an image that can be read' });
      continue;
    }
    const url = await store.save(stored.data, 'webp');
    try {
      const size = { width: stored.width, height: stored.height };
      await addProductImage(db, productId, { url, alt_text: image.altText ?? undefined, stored: size }, jobs);
    } catch (error) {
      await store.remove(url);
      if (!(error instanceof AppError)) throw error;
      await mark(db, image.id, { status: 'failed', error: error.message });
      continue;
    }
    await mark(db, image.id, { status: 'done', imageUrl: url });
  }
}

/** The images an import named for a product that are still waiting or failed, oldest first. */
export async function listProductImageImports(db: Db, productId: string): Promise<ProductImageImport[]> {
  const rows = await db
    .select()
    .from(productImageImports)
    .where(and(eq(productImageImports.productId, productId), ne(productImageImports.status, 'done')))
    .orderBy(asc(productImageImports.position), asc(productImageImports.createdAt));
  return rows.map((r) => ({
    id: r.id,
    source_url: r.sourceUrl,
    status: r.status,
    error: r.error,
    created_at: new Date(r.createdAt).toISOString(),
  }));
}
