import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REVIEW_PHOTO_MAX_BYTES, REVIEW_PHOTOS_MAX } from '@cartwheel/shared/contracts/reviews';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdminPerFile } from '../../../test/commerce-app.ts';
import { createOrder, createProduct } from '../../../test/factories.ts';
import { sendAs } from '../../../test/requests.ts';
import { signUp, signUpAs, type TestUser } from '../../../test/sessions.ts';
import { queryRows } from '../../db/client.ts';
import { reviewToken } from './review-links.ts';
import { REVIEW_PHOTO_UPLOADS_PER_HOUR } from './reviews.routes.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'cartwheel-review-photos-'));
const suite = appWithAdminPerFile({ DATA_DIR: dataDir });
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
let staff: TestUser;

beforeAll(async () => {
  staff = await signUpAs(suite.ctx.app, suite.ctx.db, 'staff');
});

/** A JPEG as a phone writes it: the camera and the place it was taken in its EXIF. */
const phoneJpeg = () =>
  sharp({ create: { width: 120, height: 80, channels: 3, background: { r: 20, g: 120, b: 60 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'CartwheelTestCam', Model: 'Pocket 9' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '37/1 46/1 30/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '122/1 25/1 10/1',
      },
    })
    .toBuffer();

const png = () =>
  sharp({ create: { width: 30, height: 20, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .png()
    .toBuffer();

let address = 0;
const from = () => `10.91.${Math.floor(++address / 250)}.${address % 250}`;

function upload(
  url: string,
  body: Buffer | string,
  contentType: string,
  options: { cookie?: string; ip?: string } = {},
) {
  return suite.ctx.app.inject({
    method: 'POST',
    url,
    payload: body,
    headers: { 'content-type': contentType, ...(options.cookie ? { cookie: options.cookie } : {}) },
    remoteAddress: options.ip ?? from(),
  });
}

const uploadedFiles = () => readdirSync(join(dataDir, 'uploads')).length;
const photoRows = async (reviewId: string) =>
  (
    await queryRows<{ n: number }>(
      suite.ctx.db,
      sql`SELECT count(*)::int AS n FROM product_review_photos WHERE review_id = ${reviewId}`,
    )
  )[0]!.n;

/** A signed-in buyer of a new product and their pending review of it. */
async function buyerWithReview(slug: string) {
  const product = await createProduct(suite.ctx.db, { slug });
  const buyer = await signUp(suite.ctx.app);
  await createOrder(
    suite.ctx.db,
    { status: 'delivered', paymentStatus: 'paid', customerEmail: buyer.email, customerId: buyer.id },
    [{ product }],
  );
  const res = await suite.ctx.app.inject({
    method: 'POST',
    url: `/api/products/${slug}/reviews`,
    payload: { rating: 5, title: 'Lovely', body: 'Just as pictured.', author_name: 'Rita R.' },
    headers: { cookie: buyer.cookie },
    remoteAddress: from(),
  });
  expect(res.statusCode, res.body).toBe(201);
  return { product, buyer, reviewId: res.json().id as string };
}

describe("reviewers' photos", () => {
  it('re-encodes a photo as WebP without its EXIF (no GPS), shows it only once the review is published, and staff can hide it', async () => {
    const { buyer, reviewId } = await buyerWithReview('photo-mug');
    const original = await phoneJpeg();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    expect(original.includes('CartwheelTestCam')).toBe(true);

    const res = await upload(`/api/reviews/${reviewId}/photos`, original, 'image/jpeg', {
      cookie: buyer.cookie,
    });
    expect(res.statusCode, res.body).toBe(201);
    const photo = res.json();
    expect(photo).toMatchObject({ width: 120, height: 80 });
    expect(photo.url).toMatch(/^\/uploads\/[0-9a-f-]{36}\.webp$/);
    const stored = readFileSync(join(dataDir, 'uploads', photo.url.replace('/uploads/', '')));
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(stored.includes('CartwheelTestCam')).toBe(false);

    // Pending: the page shows neither the review nor its photo; staff see the photo.
    const pending = await suite.ctx.app.inject({ method: 'GET', url: '/api/products/photo-mug/reviews' });
    expect(pending.json().items).toEqual([]);
    const queue = await sendAs(suite.ctx.app, staff.cookie, 'GET', '/api/admin/reviews?status=pending');
    const queued = queue.json().items.find((r: { id: string }) => r.id === reviewId);
    expect(queued.photos).toEqual([{ ...photo, hidden: false }]);

    await sendAs(suite.ctx.app, staff.cookie, 'PATCH', `/api/admin/reviews/${reviewId}`, {
      status: 'published',
    });
    const published = await suite.ctx.app.inject({ method: 'GET', url: '/api/products/photo-mug/reviews' });
    expect(published.json().items[0].photos).toEqual([photo]);

    const hide = await sendAs(
      suite.ctx.app,
      staff.cookie,
      'PATCH',
      `/api/admin/reviews/${reviewId}/photos/${photo.id}`,
      {
        hidden: true,
      },
    );
    expect(hide.statusCode, hide.body).toBe(200);
    expect(hide.json().photos).toEqual([{ ...photo, hidden: true }]);
    const after = await suite.ctx.app.inject({ method: 'GET', url: '/api/products/photo-mug/reviews' });
    expect(after.json().items[0].photos).toEqual([]);

    // A published review takes no more photos: what the page shows was moderated.
    const late = await upload(`/api/reviews/${reviewId}/photos`, await png(), 'image/png', {
      cookie: buyer.cookie,
    });
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json().error.code).toBe('review_not_pending');
  });

  it('judges the file by its content, not its name or type: a non-image is a 4xx and nothing is written', async () => {
    const { buyer, reviewId } = await buyerWithReview('photo-content');
    const before = uploadedFiles();
    const url = `/api/reviews/${reviewId}/photos`;
    const text = await upload(url, Buffer.from('<?php echo "hi"; ?>'), 'image/jpeg', {
      cookie: buyer.cookie,
    });
    expect(text.statusCode, text.body).toBe(400);
    expect(text.json().error.code).toBe('invalid_image');
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const vector = await upload(url, svg, 'image/svg+xml', { cookie: buyer.cookie });
    expect(vector.statusCode, vector.body).toBe(415);
    const notImage = await upload(url, await png(), 'application/octet-stream', { cookie: buyer.cookie });
    expect(notImage.statusCode, notImage.body).toBe(415);
    expect(await photoRows(reviewId)).toBe(0);
    expect(uploadedFiles()).toBe(before);

    // A PNG labelled JPEG is still an image: it is accepted.
    const mislabelled = await upload(url, await png(), 'image/jpeg', { cookie: buyer.cookie });
    expect(mislabelled.statusCode, mislabelled.body).toBe(201);
  });

  it('refuses a file over the size limit with a 413 and writes nothing', async () => {
    const { buyer, reviewId } = await buyerWithReview('photo-size');
    const before = uploadedFiles();
    const big = Buffer.concat([await png(), Buffer.alloc(REVIEW_PHOTO_MAX_BYTES)]);
    const res = await upload(`/api/reviews/${reviewId}/photos`, big, 'image/png', { cookie: buyer.cookie });
    expect(res.statusCode, res.body).toBe(413);
    expect(await photoRows(reviewId)).toBe(0);
    expect(uploadedFiles()).toBe(before);
  });

  it(`takes at most ${REVIEW_PHOTOS_MAX} photos per review; one more is a 409 and writes nothing`, async () => {
    const { buyer, reviewId } = await buyerWithReview('photo-count');
    for (let i = 0; i < REVIEW_PHOTOS_MAX; i++) {
      const res = await upload(`/api/reviews/${reviewId}/photos`, await png(), 'image/png', {
        cookie: buyer.cookie,
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const before = uploadedFiles();
    const extra = await upload(`/api/reviews/${reviewId}/photos`, await png(), 'image/png', {
      cookie: buyer.cookie,
    });
    expect(extra.statusCode, extra.body).toBe(409);
    expect(extra.json().error.code).toBe('too_many_photos');
    expect(await photoRows(reviewId)).toBe(REVIEW_PHOTOS_MAX);
    expect(uploadedFiles()).toBe(before);
  });

  it("attaches only to the reviewer's own review: another shopper's is a 404, no session a 401", async () => {
    const { reviewId } = await buyerWithReview('photo-scope');
    const other = await signUp(suite.ctx.app);
    const url = `/api/reviews/${reviewId}/photos`;
    const theirs = await upload(url, await png(), 'image/png', { cookie: other.cookie });
    expect(theirs.statusCode, theirs.body).toBe(404);
    const anonymous = await upload(url, await png(), 'image/png');
    expect(anonymous.statusCode, anonymous.body).toBe(401);
    expect(await photoRows(reviewId)).toBe(0);
  });

  it("through a review link, attaches to the review written from that link's order, and to no other", async () => {
    const product = await createProduct(suite.ctx.db, { slug: 'photo-link' });
    const { order } = await createOrder(
      suite.ctx.db,
      { status: 'delivered', paymentStatus: 'paid', customerEmail: 'linked@example.com' },
      [{ product }],
    );
    const token = reviewToken(suite.ctx.config, order.id, product.id, new Date());
    const url = `/api/reviews/links/${token}/photos`;
    // Before the review is written there is nothing to attach to.
    expect((await upload(url, await png(), 'image/png')).statusCode).toBe(404);

    const written = await suite.ctx.app.inject({
      method: 'POST',
      url: `/api/reviews/links/${token}`,
      payload: { rating: 4, title: 'Good', body: 'Sturdy.', author_name: 'Lin K.' },
      remoteAddress: from(),
    });
    expect(written.statusCode, written.body).toBe(201);
    const res = await upload(url, await phoneJpeg(), 'image/jpeg');
    expect(res.statusCode, res.body).toBe(201);
    expect(await photoRows(written.json().id)).toBe(1);

    // A link this shop did not sign reaches no review.
    const forged = reviewToken(
      { ...suite.ctx.config, authSecret: 'another-secret-another-secret-1234' },
      order.id,
      product.id,
      new Date(),
    );
    expect((await upload(`/api/reviews/links/${forged}/photos`, await png(), 'image/png')).statusCode).toBe(
      404,
    );
    expect(await photoRows(written.json().id)).toBe(1);
  });

  it('limits uploads per address: past the hourly limit a 429, and nothing is written', async () => {
    const { buyer, reviewId } = await buyerWithReview('photo-rate');
    const ip = '10.92.0.1';
    for (let i = 0; i < REVIEW_PHOTO_UPLOADS_PER_HOUR; i++) {
      const res = await upload(`/api/reviews/${reviewId}/photos`, 'not an image', 'image/png', {
        cookie: buyer.cookie,
        ip,
      });
      expect(res.statusCode).toBe(400);
    }
    const limited = await upload(`/api/reviews/${reviewId}/photos`, await png(), 'image/png', {
      cookie: buyer.cookie,
      ip,
    });
    expect(limited.statusCode, limited.body).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect(await photoRows(reviewId)).toBe(0);
  });

  it('lets only staff who moderate reviews hide a photo', async () => {
    const { buyer, reviewId } = await buyerWithReview('photo-staff');
    const photo = (
      await upload(`/api/reviews/${reviewId}/photos`, await png(), 'image/png', { cookie: buyer.cookie })
    ).json();
    const res = await sendAs(
      suite.ctx.app,
      buyer.cookie,
      'PATCH',
      `/api/admin/reviews/${reviewId}/photos/${photo.id}`,
      {
        hidden: true,
      },
    );
    expect(res.statusCode).toBe(403);
    const bad = await sendAs(
      suite.ctx.app,
      staff.cookie,
      'PATCH',
      `/api/admin/reviews/${reviewId}/photos/${photo.id}`,
      {
        hidden: 'yes',
      },
    );
    expect(bad.statusCode).toBe(400);
    const rows = await queryRows<{ hidden: boolean }>(
      suite.ctx.db,
      sql`SELECT hidden FROM product_review_photos WHERE id = ${photo.id}`,
    );
    expect(rows).toEqual([{ hidden: false }]);
  });
});
