import { PAID_STATUSES } from '@cartwheel/shared/constants';
import {
  type AdminReview,
  type AdminReviewList,
  type adminReviewListQuery,
  type ProductReviews,
  type PublicReview,
  REVIEWS_PAGE_SIZE,
  type ReviewInvitation,
  type ReviewModeration,
  type ReviewSort,
  type ReviewStatus,
  type reviewInput,
} from '@cartwheel/shared/contracts/reviews';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import { type Db, queryPrepared, queryRows, type Tx } from '../../db/client.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { audit } from '../audit/audit.service.ts';
import { verifyReviewToken } from './review-links.ts';
import { photosColumn, setPhotoHidden } from './review-photos.ts';
import { loadReviewSettings } from './review-settings.ts';

// Product reviews (docs/decisions/0090-product-reviews.md). Shoppers' reviews wait as pending until
// staff publish them; the product page reads only published ones, which hold nothing personal.

type ReviewFields = z.output<typeof reviewInput>;
type SigningConfig = Pick<Config, 'authSecret' | 'publicUrl'>;

const iso = (column: string) =>
  sql.raw(`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

const SORTS: Record<ReviewSort, string> = {
  newest: 'r.published_at DESC, r.id DESC',
  highest: 'r.rating DESC, r.published_at DESC, r.id DESC',
  lowest: 'r.rating ASC, r.published_at DESC, r.id DESC',
};

const reviewNotFound = () => notFound('review_not_found', 'Review not found');
const productNotFound = () => notFound('product_not_found', 'Product not found');
const linkInvalid = () =>
  new AppError('not_found', 'review_link_invalid', 'This review link is invalid or has expired');

/** The id of a product the storefront shows, by slug; null when it shows no such product. */
export async function visibleProductId(db: Db | Tx, slug: string): Promise<string | null> {
  const [row] = await queryPrepared<{ id: string }>(
    db,
    sql`SELECT id FROM products WHERE slug = ${slug} AND is_visible AND deleted_at IS NULL`,
  );
  return row?.id ?? null;
}

/** The product's rating and one page of its published reviews, in the order asked for. */
export async function productReviewPage(
  db: Db | Tx,
  productId: string,
  sort: ReviewSort,
  page: number,
): Promise<ProductReviews> {
  const [counts] = await queryRows<{ stars: number[]; count: number; average: number | null }>(
    db,
    sql`SELECT array[
          count(*) FILTER (WHERE rating = 1), count(*) FILTER (WHERE rating = 2),
          count(*) FILTER (WHERE rating = 3), count(*) FILTER (WHERE rating = 4),
          count(*) FILTER (WHERE rating = 5)]::int[] AS stars,
        count(*)::int AS count, round(avg(rating), 2)::float8 AS average
      FROM product_reviews WHERE product_id = ${productId} AND status = 'published'`,
  );
  const count = counts?.count ?? 0;
  const items = await queryRows<PublicReview>(
    db,
    sql`SELECT r.id, r.rating, r.title, r.body, r.author_name, r.verified,
        ${iso('r.published_at')} AS published_at, r.reply,
        CASE WHEN r.reply IS NULL THEN NULL ELSE ${iso('r.replied_at')} END AS replied_at,
        ${photosColumn(false)}
      FROM product_reviews r WHERE r.product_id = ${productId} AND r.status = 'published'
      ORDER BY ${sql.raw(SORTS[sort])} LIMIT ${REVIEWS_PAGE_SIZE} OFFSET ${(page - 1) * REVIEWS_PAGE_SIZE}`,
  );
  return {
    summary: {
      average: count ? (counts?.average ?? null) : null,
      count,
      histogram: counts?.stars ?? [0, 0, 0, 0, 0],
    },
    items,
    page,
    pages: Math.max(1, Math.ceil(count / REVIEWS_PAGE_SIZE)),
  };
}

/**
 * The reviewer's order that makes them a verified buyer of the product: paid (a partial refund
 * still counts), not cancelled, and theirs by account or by email. Null when they have none.
 */
async function buyerOrder(
  db: Db | Tx,
  productId: string,
  buyer: { userId: string | null; email: string },
): Promise<string | null> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`SELECT o.id FROM orders o
      WHERE (o.customer_id = ${buyer.userId} OR lower(o.customer_email) = ${buyer.email})
        AND o.status <> 'cancelled' AND o.payment_status IN ('paid', 'partially_refunded')
        AND EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id AND i.product_id = ${productId})
      ORDER BY o.created_at DESC LIMIT 1`,
  );
  return row?.id ?? null;
}

interface NewReview {
  productId: string;
  userId: string | null;
  orderId: string | null;
  email: string;
  fields: ReviewFields;
}

/** Stores a pending review; a second one by the same reviewer for the product is a 409 and writes nothing. */
async function insertReview(
  db: Db,
  review: NewReview,
): Promise<{ id: string; status: ReviewStatus; verified: boolean }> {
  const { fields } = review;
  const [row] = await queryRows<{ id: string; status: ReviewStatus; verified: boolean }>(
    db,
    sql`INSERT INTO product_reviews (product_id, user_id, order_id, email, author_name, rating, title, body, verified)
      VALUES (${review.productId}, ${review.userId}, ${review.orderId}, ${review.email.toLowerCase()},
        ${fields.author_name}, ${fields.rating}, ${fields.title}, ${fields.body}, ${review.orderId !== null})
      ON CONFLICT (product_id, email) DO NOTHING
      RETURNING id, status, verified`,
  );
  if (!row) throw conflict('already_reviewed', 'You have already reviewed this product');
  return row;
}

/**
 * A signed-in shopper's review. A buyer's is marked "Verified buyer"; anyone else may review only
 * when the shop allows reviews from others. Every review waits for moderation.
 */
export async function submitShopperReview(
  db: Db,
  slug: string,
  viewer: { userId: string; email: string },
  fields: ReviewFields,
) {
  const productId = await visibleProductId(db, slug);
  if (!productId) throw productNotFound();
  const email = viewer.email.toLowerCase();
  const orderId = await buyerOrder(db, productId, { userId: viewer.userId, email });
  if (!orderId && !(await loadReviewSettings(db)).allow_unverified) {
    throw new AppError('forbidden', 'not_a_buyer', 'Only customers who bought this product can review it');
  }
  return insertReview(db, { productId, userId: viewer.userId, orderId, email, fields });
}

interface TokenOrder {
  order_id: string;
  customer_id: string | null;
  email: string;
  first_name: string | null;
  last_name: string | null;
  product_id: string;
  name: string;
  slug: string;
  image_url: string | null;
}

/** The order and product a review link names, when the order still makes its buyer a verified one. */
async function tokenOrder(db: Db | Tx, config: SigningConfig, token: string, now: Date): Promise<TokenOrder> {
  const claim = verifyReviewToken(config, token, now);
  if (!claim) throw linkInvalid();
  const [row] = await queryRows<TokenOrder>(
    db,
    sql`SELECT o.id AS order_id, o.customer_id, lower(o.customer_email) AS email,
        o.customer_first_name AS first_name, o.customer_last_name AS last_name,
        p.id AS product_id, p.name, p.slug,
        (SELECT url FROM product_images im WHERE im.product_id = p.id
          ORDER BY im.is_thumbnail DESC, im.sort_order, im.id LIMIT 1) AS image_url
      FROM orders o JOIN products p ON p.id = ${claim.productId} AND p.deleted_at IS NULL
      WHERE o.id = ${claim.orderId} AND o.customer_email IS NOT NULL AND o.status <> 'cancelled'
        AND o.payment_status IN (${sql.join(
          PAID_STATUSES.filter((s) => s !== 'refunded').map((s) => sql`${s}`),
          sql`, `,
        )})
        AND EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id AND i.product_id = p.id)`,
  );
  if (!row) throw linkInvalid();
  return row;
}

/** The name a review is signed with unless the buyer changes it: first name and last initial. */
const shortName = (first: string | null, last: string | null) =>
  [first?.trim(), last?.trim() ? `${last.trim().charAt(0)}.` : ''].filter(Boolean).join(' ') || 'Customer';

/** What a review link opens: the product, the buyer's suggested name, and whether they already reviewed it. */
export async function reviewInvitation(
  db: Db,
  config: SigningConfig,
  token: string,
  now = new Date(),
): Promise<ReviewInvitation> {
  const order = await tokenOrder(db, config, token, now);
  const [existing] = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM product_reviews WHERE product_id = ${order.product_id} AND email = ${order.email}`,
  );
  return {
    product: { id: order.product_id, name: order.name, slug: order.slug, image_url: order.image_url },
    author_name: shortName(order.first_name, order.last_name),
    already_reviewed: Boolean(existing),
  };
}

/** A review from a request email's link: no sign-in, and always a verified buyer's (the order is checked). */
export async function submitLinkReview(db: Db, config: SigningConfig, token: string, fields: ReviewFields) {
  const order = await tokenOrder(db, config, token, new Date());
  return insertReview(db, {
    productId: order.product_id,
    userId: order.customer_id,
    orderId: order.order_id,
    email: order.email,
    fields,
  });
}

/** The review a request link's buyer wrote of its product; a 404 before they wrote one. */
export async function linkReviewId(db: Db, config: SigningConfig, token: string): Promise<string> {
  const order = await tokenOrder(db, config, token, new Date());
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`SELECT id FROM product_reviews WHERE product_id = ${order.product_id} AND email = ${order.email}`,
  );
  if (!row) throw reviewNotFound();
  return row.id;
}

const ADMIN_COLUMNS = sql`r.id, r.rating, r.title, r.body, r.author_name, r.verified, r.status, r.email, r.reply,
  CASE WHEN r.reply IS NULL THEN NULL ELSE ${iso('r.replied_at')} END AS replied_at,
  CASE WHEN r.published_at IS NULL THEN NULL ELSE ${iso('r.published_at')} END AS published_at,
  ${iso('r.created_at')} AS created_at,
  json_build_object('id', p.id, 'name', p.name, 'slug', p.slug) AS product, ${photosColumn(true)}`;

/** The moderation queue: reviews of one status, oldest pending first (newest first otherwise), and the count of each status. */
export async function listReviewsForStaff(
  db: Db,
  query: z.output<typeof adminReviewListQuery>,
): Promise<AdminReviewList> {
  const { status, page, limit } = query;
  const order = status === 'pending' ? sql`r.created_at ASC, r.id` : sql`r.created_at DESC, r.id DESC`;
  const [items, [counts]] = await Promise.all([
    queryRows<AdminReview>(
      db,
      sql`SELECT ${ADMIN_COLUMNS} FROM product_reviews r JOIN products p ON p.id = r.product_id
        WHERE r.status = ${status} ORDER BY ${order} LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
    ),
    queryRows<AdminReviewList['counts']>(
      db,
      sql`SELECT count(*) FILTER (WHERE status = 'pending')::int AS pending,
          count(*) FILTER (WHERE status = 'published')::int AS published,
          count(*) FILTER (WHERE status = 'hidden')::int AS hidden
        FROM product_reviews`,
    ),
  ]);
  const totals = counts ?? { pending: 0, published: 0, hidden: 0 };
  return { items, total: totals[status], counts: totals };
}

async function staffReview(db: Db | Tx, reviewId: string): Promise<AdminReview> {
  const [row] = await queryRows<AdminReview>(
    db,
    sql`SELECT ${ADMIN_COLUMNS} FROM product_reviews r JOIN products p ON p.id = r.product_id
      WHERE r.id = ${reviewId}`,
  );
  if (!row) throw reviewNotFound();
  return row;
}

/**
 * Publishes or hides a review and/or sets the shop's public reply (empty removes it), with an audit
 * row in the same transaction. A published review's change notifies its product's catalog tag (the
 * trigger on product_reviews), which purges the product page and its reviews.
 */
export async function moderateReview(
  db: Db,
  request: FastifyRequest,
  reviewId: string,
  change: { status?: ReviewModeration['status']; reply?: string | null },
): Promise<AdminReview> {
  return db.transaction(async (tx) => {
    const [before] = await queryRows<{
      status: ReviewStatus;
      reply: string | null;
      rating: number;
      title: string;
    }>(tx, sql`SELECT status, reply, rating, title FROM product_reviews WHERE id = ${reviewId} FOR UPDATE`);
    if (!before) throw reviewNotFound();
    const reply = change.reply === undefined ? before.reply : change.reply || null;
    const status = change.status ?? before.status;
    await tx.execute(
      sql`UPDATE product_reviews SET status = ${status}, reply = ${reply},
          replied_at = CASE WHEN ${reply}::text IS NULL THEN NULL
            WHEN reply IS DISTINCT FROM ${reply}::text THEN now() ELSE replied_at END,
          published_at = CASE WHEN ${status} = 'published' THEN coalesce(published_at, now()) ELSE published_at END,
          updated_at = now()
        WHERE id = ${reviewId}`,
    );
    const after = { status, reply };
    const changes = audit.changesBetween({ status: before.status, reply: before.reply }, after);
    if (Object.keys(changes).length) {
      await audit.record(tx, request, {
        action:
          change.status === undefined
            ? 'review.replied'
            : status === 'published'
              ? 'review.published'
              : 'review.hidden',
        target: { type: 'review', id: reviewId, label: `${before.rating}★ ${before.title}`.slice(0, 200) },
        changes,
      });
    }
    return staffReview(tx, reviewId);
  });
}

/** Hides a reviewer's photo from the product page or shows it again, with an audit row. */
export async function moderatePhoto(
  db: Db,
  request: FastifyRequest,
  ids: { reviewId: string; photoId: string },
  hidden: boolean,
): Promise<AdminReview> {
  return db.transaction(async (tx) => {
    const { changed } = await setPhotoHidden(tx, ids.reviewId, ids.photoId, hidden);
    const review = await staffReview(tx, ids.reviewId);
    if (changed) {
      await audit.record(tx, request, {
        action: hidden ? 'review.photo_hidden' : 'review.photo_shown',
        target: {
          type: 'review',
          id: ids.reviewId,
          label: `${review.rating}★ ${review.title}`.slice(0, 200),
        },
        changes: { photo_hidden: [!hidden, hidden], photo_id: [ids.photoId, ids.photoId] },
      });
    }
    return review;
  });
}
