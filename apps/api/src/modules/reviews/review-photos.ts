import { REVIEW_PHOTOS_MAX, type ReviewPhoto, type ReviewStatus } from '@cartwheel/shared/contracts/reviews';
import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { type ImageStore, processProductImage } from '../uploads/image-store.ts';

// Reviewers' photos (docs/decisions/0090-product-reviews.md): attached while the review waits for
// moderation, so staff see every photo before the page shows any.

const reviewNotFound = () => notFound('review_not_found', 'Review not found');

/** JSON of a review's photos for a query on product_reviews r; `all` includes the hidden ones and their flag. */
export const photosColumn = (all: boolean) =>
  all
    ? sql`coalesce((SELECT json_agg(json_build_object('id', ph.id, 'url', ph.url, 'width', ph.width,
          'height', ph.height, 'hidden', ph.hidden) ORDER BY ph.created_at, ph.id)
        FROM product_review_photos ph WHERE ph.review_id = r.id), '[]'::json) AS photos`
    : sql`coalesce((SELECT json_agg(json_build_object('id', ph.id, 'url', ph.url, 'width', ph.width,
          'height', ph.height) ORDER BY ph.created_at, ph.id)
        FROM product_review_photos ph WHERE ph.review_id = r.id AND NOT ph.hidden), '[]'::json) AS photos`;

/** The review's state, locked in a transaction when `lock`; a 409 when no photo may be added to it. */
async function checkRoom(db: Db | Tx, reviewId: string, lock: boolean): Promise<void> {
  const [row] = await queryRows<{ status: ReviewStatus; photos: number }>(
    db,
    sql`SELECT status, (SELECT count(*)::int FROM product_review_photos WHERE review_id = ${reviewId}) AS photos
      FROM product_reviews WHERE id = ${reviewId} ${lock ? sql`FOR UPDATE` : sql``}`,
  );
  if (!row) throw reviewNotFound();
  if (row.status !== 'pending') {
    throw conflict('review_not_pending', 'Photos can be added only while the review waits for moderation');
  }
  if (row.photos >= REVIEW_PHOTOS_MAX) {
    throw conflict('too_many_photos', `A review may have at most ${REVIEW_PHOTOS_MAX} photos`);
  }
}

/**
 * Adds a photo to a pending review: the bytes must be an image by their content (whatever the
 * Content-Type said), re-encoded as WebP without metadata (no camera, no GPS). Nothing is kept when
 * the review has no room for it.
 */
export async function attachReviewPhoto(
  db: Db,
  store: ImageStore,
  reviewId: string,
  input: Buffer,
): Promise<ReviewPhoto> {
  await checkRoom(db, reviewId, false);
  const image = await processProductImage(input);
  const url = await store.save(image.data, 'webp');
  try {
    return await db.transaction(async (tx) => {
      // Again under the review's lock: two uploads at once must not make a fourth photo.
      await checkRoom(tx, reviewId, true);
      const [row] = await queryRows<ReviewPhoto>(
        tx,
        sql`INSERT INTO product_review_photos (review_id, url, width, height)
          VALUES (${reviewId}, ${url}, ${image.width}, ${image.height})
          RETURNING id, url, width, height`,
      );
      return row!;
    });
  } catch (error) {
    await store.remove(url);
    throw error;
  }
}

/** The id of the signed-in reviewer's own review; a 404 for anyone else's. */
export async function ownReviewId(db: Db, reviewId: string, userId: string): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM product_reviews WHERE id = ${reviewId} AND user_id = ${userId}`,
  );
  if (!row) throw reviewNotFound();
  return row.id;
}

/**
 * Hides a photo from the product page or shows it again. Touching the review fires its trigger,
 * which purges the product page when the review is published.
 */
export async function setPhotoHidden(
  tx: Tx,
  reviewId: string,
  photoId: string,
  hidden: boolean,
): Promise<{ changed: boolean }> {
  const [before] = await queryRows<{ hidden: boolean }>(
    tx,
    sql`SELECT hidden FROM product_review_photos WHERE id = ${photoId} AND review_id = ${reviewId} FOR UPDATE`,
  );
  if (!before) throw new AppError('not_found', 'photo_not_found', 'Photo not found');
  if (before.hidden === hidden) return { changed: false };
  await tx.execute(sql`UPDATE product_review_photos SET hidden = ${hidden} WHERE id = ${photoId}`);
  await tx.execute(sql`UPDATE product_reviews SET updated_at = now() WHERE id = ${reviewId}`);
  return { changed: true };
}
