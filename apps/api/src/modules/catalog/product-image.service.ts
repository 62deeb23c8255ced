import type { ProductImage } from '@cartwheel/shared/contracts/catalog';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, queryRows } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/errors.ts';
import type { Jobs } from '../jobs/jobs.ts';
import { type ImageStore, processProductImage } from '../uploads/image-store.ts';
import { productImages } from './catalog.schema.ts';
import { queueImageVariants } from './product-image-variants.ts';
import { type DbOrTx, lockProduct, touchProduct } from './product-shared.ts';

export const MAX_IMAGES_PER_PRODUCT = 20;

// ---------------------------------------------------------------------------------------------
// Images

async function listImages(db: DbOrTx, productId: string): Promise<ProductImage[]> {
  return queryRows<ProductImage>(
    db,
    sql`SELECT id, url, alt_text, is_thumbnail, sort_order, width, height, variants FROM product_images
      WHERE product_id = ${productId} ORDER BY is_thumbnail DESC, sort_order, id`,
  );
}

/** Adds an image after the others; the product's first image becomes its thumbnail. */
export async function addProductImage(
  db: Db,
  productId: string,
  image: { url: string; alt_text?: string | undefined; stored?: { width: number; height: number } },
  jobs?: Jobs,
): Promise<ProductImage[]> {
  return db.transaction(async (tx) => {
    await lockProduct(tx, productId);
    const [stats] = await queryRows<{ count: number; next: number; thumbnails: number }>(
      tx,
      sql`SELECT count(*)::int AS count, COALESCE(max(sort_order) + 1, 0)::int AS next,
        (count(*) FILTER (WHERE is_thumbnail))::int AS thumbnails
        FROM product_images WHERE product_id = ${productId}`,
    );
    if ((stats?.count ?? 0) >= MAX_IMAGES_PER_PRODUCT) {
      throw new AppError(
        'invalid',
        'too_many_images',
        `A product can have at most ${MAX_IMAGES_PER_PRODUCT} images`,
      );
    }
    const [added] = await tx
      .insert(productImages)
      .values({
        productId,
        url: image.url,
        altText: image.alt_text || null,
        isThumbnail: (stats?.thumbnails ?? 0) === 0,
        sortOrder: stats?.next ?? 0,
        width: image.stored?.width ?? null,
        height: image.stored?.height ?? null,
      })
      .returning({ id: productImages.id });
    // A file we stored gets its smaller copies in the background (the row shows `url` meanwhile).
    if (image.stored && jobs) await queueImageVariants(jobs, tx, added!.id);
    await touchProduct(tx, productId);
    return listImages(tx, productId);
  });
}

const imageNotFound = () => notFound('image_not_found', 'Image not found');

/** Makes an image the thumbnail (and no other) and/or changes its alt text. */
export async function updateProductImage(
  db: Db,
  productId: string,
  imageId: string,
  body: { is_thumbnail?: true | undefined; alt_text?: string | null | undefined },
): Promise<ProductImage[]> {
  return db.transaction(async (tx) => {
    await lockProduct(tx, productId);
    const [image] = await tx
      .select({ id: productImages.id })
      .from(productImages)
      .where(and(eq(productImages.id, imageId), eq(productImages.productId, productId)));
    if (!image) throw imageNotFound();
    if (body.is_thumbnail) {
      // Clear first: the partial unique index allows one thumbnail per product at any moment.
      await tx
        .update(productImages)
        .set({ isThumbnail: false })
        .where(and(eq(productImages.productId, productId), eq(productImages.isThumbnail, true)));
      await tx.update(productImages).set({ isThumbnail: true }).where(eq(productImages.id, imageId));
    }
    if (body.alt_text !== undefined) {
      await tx
        .update(productImages)
        .set({ altText: body.alt_text || null })
        .where(eq(productImages.id, imageId));
    }
    await touchProduct(tx, productId);
    return listImages(tx, productId);
  });
}

/** Removes an image row; when it was the thumbnail the next image takes over. */
async function deleteImageRow(
  db: Db,
  productId: string,
  imageId: string,
): Promise<{ items: ProductImage[]; removedUrls: string[]; stillUsed: boolean }> {
  return db.transaction(async (tx) => {
    await lockProduct(tx, productId);
    const [removed] = await tx
      .delete(productImages)
      .where(and(eq(productImages.id, imageId), eq(productImages.productId, productId)))
      .returning();
    if (!removed) throw imageNotFound();
    if (removed.isThumbnail) {
      await tx.execute(sql`UPDATE product_images SET is_thumbnail = true WHERE id = (
        SELECT id FROM product_images WHERE product_id = ${productId} ORDER BY sort_order, id LIMIT 1)`);
    }
    await touchProduct(tx, productId);
    // A duplicated product shares its original's files: only unused files may be removed.
    const [used] = await queryRows<{ used: boolean }>(
      tx,
      sql`SELECT EXISTS (SELECT 1 FROM product_images WHERE url = ${removed.url}) AS used`,
    );
    return {
      items: await listImages(tx, productId),
      removedUrls: [removed.url, ...(removed.variants ?? []).flatMap((v) => [v.avif, v.webp])],
      stillUsed: Boolean(used?.used),
    };
  });
}

/**
 * Removes an image; when it was the thumbnail the next image takes over. Its uploaded files go too
 * when nothing else uses it; a file that cannot be removed is only logged (the image is gone).
 */
export async function deleteProductImage(
  db: Db,
  store: ImageStore,
  log: FastifyBaseLogger,
  productId: string,
  imageId: string,
): Promise<ProductImage[]> {
  const result = await deleteImageRow(db, productId, imageId);
  if (!result.stillUsed) {
    for (const url of result.removedUrls) {
      await store.remove(url).catch((error: unknown) => {
        log.warn({ err: error, url }, 'could not remove an uploaded image');
      });
    }
  }
  return result.items;
}

/**
 * Stores an uploaded image (as a WebP) and adds it to the product; its smaller copies are queued. The product is checked before
 * the work, so a wrong id leaves no file behind; when adding the row fails, the stored file is
 * removed again.
 */
export async function uploadProductImage(
  db: Db,
  store: ImageStore,
  jobs: Jobs,
  productId: string,
  upload: { data: Buffer; alt_text?: string | undefined },
): Promise<ProductImage[]> {
  await lockProduct(db, productId);
  const { data, width, height } = await processProductImage(upload.data);
  const url = await store.save(data, 'webp');
  try {
    return await addProductImage(
      db,
      productId,
      { url, alt_text: upload.alt_text, stored: { width, height } },
      jobs,
    );
  } catch (error) {
    await store.remove(url);
    throw error;
  }
}
