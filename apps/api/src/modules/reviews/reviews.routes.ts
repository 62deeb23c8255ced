import { errorBody } from '@cartwheel/shared/contracts/errors';
import {
  adminReview,
  adminReviewList,
  adminReviewListQuery,
  productReviews,
  productReviewsQuery,
  REVIEW_PHOTO_MAX_BYTES,
  reviewInput,
  reviewInvitation,
  reviewModeration,
  reviewParams,
  reviewPhoto,
  reviewPhotoModeration,
  reviewPhotoParams,
  reviewSettings,
  reviewSettingsPatch,
  reviewTokenParams,
  submittedReview,
} from '@cartwheel/shared/contracts/reviews';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError, notFound } from '../../lib/errors.ts';
import { sendRendered } from '../../lib/read-cache.ts';
import { requireViewer } from '../accounts/viewer.ts';
import { productTags } from '../catalog/cache-tags.ts';
import { createImageStore, imageBody } from '../uploads/image-store.ts';
import { attachReviewPhoto, ownReviewId } from './review-photos.ts';
import { loadReviewSettings, updateReviewSettings } from './review-settings.ts';
import {
  reviewInvitation as invitationFor,
  linkReviewId,
  listReviewsForStaff,
  moderatePhoto,
  moderateReview,
  productReviewPage,
  submitLinkReview,
  submitShopperReview,
  visibleProductId,
} from './reviews.service.ts';

/** Review submissions per address per hour: a shopper reviews a few products, a spammer many. */
export const REVIEW_SUBMITS_PER_HOUR = 10;

const submitLimit = {
  rateLimit: {
    max: REVIEW_SUBMITS_PER_HOUR,
    timeWindow: '1 hour',
    errorResponseBuilder: () =>
      new AppError(
        'rate_limited',
        'rate_limited',
        'Too many reviews from this address. Please try again later.',
      ),
  },
};

/** Photo uploads per address per hour: three photos on each of a few reviews, with retries. */
export const REVIEW_PHOTO_UPLOADS_PER_HOUR = 12;

const photoLimit = {
  rateLimit: {
    max: REVIEW_PHOTO_UPLOADS_PER_HOUR,
    timeWindow: '1 hour',
    errorResponseBuilder: () =>
      new AppError(
        'rate_limited',
        'rate_limited',
        'Too many photos from this address. Please try again later.',
      ),
  },
};

const errors = {
  400: errorBody,
  401: errorBody,
  403: errorBody,
  404: errorBody,
  409: errorBody,
  429: errorBody,
};
const slugParams = z.object({ slug: z.string().min(1).max(300) });

/**
 * Product reviews: the product page's published reviews (the same for every visitor, cached and
 * purged with the product), shoppers' submissions (signed in, or from a review request's signed
 * link) and the back office's moderation queue.
 */
export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, catalogReads: reads, catalogCache: cache } = app;
  const imageStore = createImageStore(app.config);

  // Reviewers' photos arrive as the raw image file; larger files are a 413 before any is read.
  app.addContentTypeParser(
    /^image\/[\w.+-]+$/,
    { parseAs: 'buffer', bodyLimit: REVIEW_PHOTO_MAX_BYTES },
    (_request, body, done) => done(null, body),
  );
  const photoErrors = { ...errors, 413: errorBody, 415: errorBody };

  app.get(
    '/products/:slug/reviews',
    {
      schema: {
        tags: ['catalog'],
        summary: "A product's rating (average, count, stars) and a page of its published reviews",
        params: slugParams,
        querystring: productReviewsQuery,
        response: { 200: productReviews, 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const { slug } = request.params;
      const { sort, page } = request.query;
      const rendered = await cache.get(`reviews:${slug}:${sort}:${page}`, async () =>
        reads.read(async (db) => {
          const productId = await visibleProductId(db, slug);
          if (!productId) throw notFound('product_not_found', 'Product not found');
          const body = productReviews.parse(await productReviewPage(db, productId, sort, page));
          return {
            text: JSON.stringify(body),
            tags: productTags({ id: productId, brand: null, categories: [] }),
          };
        }),
      );
      return sendRendered(request, reply, rendered, 'application/json; charset=utf-8');
    },
  );

  app.post(
    '/products/:slug/reviews',
    {
      schema: {
        tags: ['catalog'],
        summary: "A signed-in shopper's review of a product; it waits for moderation",
        params: slugParams,
        body: reviewInput,
        response: { 201: submittedReview, ...errors },
      },
      config: submitLimit,
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      const review = await submitShopperReview(db, request.params.slug, viewer, request.body);
      return reply.status(201).send(review);
    },
  );

  app.get(
    '/reviews/links/:token',
    {
      schema: {
        tags: ['catalog'],
        summary: "What a review request's link opens: the product and the buyer's suggested name",
        params: reviewTokenParams,
        response: { 200: reviewInvitation, 400: errorBody, 404: errorBody },
      },
    },
    async (request) => invitationFor(db, app.config, request.params.token),
  );

  app.post(
    '/reviews/links/:token',
    {
      schema: {
        tags: ['catalog'],
        summary: "A buyer's review from a review request's link (no sign-in); it waits for moderation",
        params: reviewTokenParams,
        body: reviewInput,
        response: { 201: submittedReview, ...errors },
      },
      config: submitLimit,
    },
    async (request, reply) =>
      reply.status(201).send(await submitLinkReview(db, app.config, request.params.token, request.body)),
  );

  app.post(
    '/reviews/:reviewId/photos',
    {
      schema: {
        tags: ['catalog'],
        summary:
          "Attach a photo (raw body, Content-Type image/*, at most 5 MB) to the signed-in shopper's own pending review; at most 3",
        params: reviewParams,
        response: { 201: reviewPhoto, ...photoErrors },
      },
      config: photoLimit,
    },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      const reviewId = await ownReviewId(db, request.params.reviewId, viewer.userId);
      const photo = await attachReviewPhoto(db, imageStore, reviewId, imageBody(request.body));
      return reply.status(201).send(photo);
    },
  );

  app.post(
    '/reviews/links/:token/photos',
    {
      schema: {
        tags: ['catalog'],
        summary:
          'Attach a photo (raw body, Content-Type image/*, at most 5 MB) to the pending review written from this review link; at most 3',
        params: reviewTokenParams,
        response: { 201: reviewPhoto, ...photoErrors },
      },
      config: photoLimit,
    },
    async (request, reply) => {
      const reviewId = await linkReviewId(db, app.config, request.params.token);
      const photo = await attachReviewPhoto(db, imageStore, reviewId, imageBody(request.body));
      return reply.status(201).send(photo);
    },
  );

  app.patch(
    '/admin/reviews/:reviewId/photos/:photoId',
    {
      schema: {
        tags: ['reviews'],
        summary: "Hide a reviewer's photo from the product page, or show it again",
        params: reviewPhotoParams,
        body: reviewPhotoModeration,
        response: { 200: adminReview, 400: errorBody, 404: errorBody },
      },
    },
    async (request) => moderatePhoto(db, request, request.params, request.body.hidden),
  );

  app.get(
    '/admin/reviews',
    {
      schema: {
        tags: ['reviews'],
        summary: 'The moderation queue: reviews of one status, and how many each status has',
        querystring: adminReviewListQuery,
        response: { 200: adminReviewList, 400: errorBody },
      },
    },
    async (request) => listReviewsForStaff(db, request.query),
  );

  app.patch(
    '/admin/reviews/:reviewId',
    {
      schema: {
        tags: ['reviews'],
        summary: "Publish or hide a review, and/or set the shop's public reply ('' removes it)",
        params: reviewParams,
        body: reviewModeration,
        response: { 200: adminReview, 400: errorBody, 404: errorBody },
      },
    },
    async (request) => moderateReview(db, request, request.params.reviewId, request.body),
  );

  app.get(
    '/admin/reviews/settings',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Who may review, and the review request email',
        response: { 200: reviewSettings },
      },
    },
    async () => loadReviewSettings(db),
  );

  app.patch(
    '/admin/reviews/settings',
    {
      schema: {
        tags: ['reviews'],
        summary: 'Change who may review and the review request email',
        body: reviewSettingsPatch,
        response: { 200: reviewSettings, 400: errorBody },
      },
    },
    async (request) => updateReviewSettings(db, request.body),
  );
};
