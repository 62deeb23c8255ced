import {
  imageList,
  imageUpdateBody,
  imageUrlBody,
  MAX_IMAGE_UPLOAD_BYTES,
} from '@cartwheel/shared/contracts/admin-products';
import { errorBody } from '@cartwheel/shared/contracts/errors';
import { productImageImportList } from '@cartwheel/shared/contracts/product-import';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createImageStore, imageBody } from '../uploads/image-store.ts';
import { errors, imageParams, productParams } from './admin-product-params.ts';
import {
  addProductImage,
  deleteProductImage,
  updateProductImage,
  uploadProductImage,
} from './product-image.service.ts';
import { listProductImageImports } from './product-image-import.ts';
import { announceProductUpdates } from './product-webhooks.ts';

/** A product's images in the back office: added by URL or upload, thumbnail and alt text, removal. */
export const adminProductImagesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const imageStore = createImageStore(app.config);
  announceProductUpdates(app);

  // ---- images ----

  app.get(
    '/admin/products/:productId/image-imports',
    {
      schema: {
        tags: ['admin products'],
        summary: 'Images an import named by URL that are still being fetched or failed (with the reason)',
        params: productParams,
        response: { 200: productImageImportList, ...errors },
      },
    },
    async (request) => ({ items: await listProductImageImports(db, request.params.productId) }),
  );

  app.post(
    '/admin/products/:productId/images',
    {
      schema: {
        tags: ['admin products'],
        summary: 'Add an image by URL (http, https or /uploads/)',
        params: productParams,
        body: imageUrlBody,
        response: { 201: imageList, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ items: await addProductImage(db, request.params.productId, request.body) }),
  );

  app.post(
    '/admin/products/:productId/images/upload',
    {
      bodyLimit: MAX_IMAGE_UPLOAD_BYTES,
      schema: {
        tags: ['admin products'],
        summary: 'Upload an image (raw body, Content-Type image/*); stored as WebP of at most 1600 px',
        params: productParams,
        querystring: z.object({ alt_text: z.string().trim().max(300).optional() }),
        response: { 201: imageList, 400: errorBody, 404: errorBody, 413: errorBody, 415: errorBody },
      },
    },
    async (request, reply) => {
      const items = await uploadProductImage(db, imageStore, app.jobs, request.params.productId, {
        data: imageBody(request.body),
        alt_text: request.query.alt_text,
      });
      return reply.status(201).send({ items });
    },
  );

  app.patch(
    '/admin/products/:productId/images/:imageId',
    {
      schema: {
        tags: ['admin products'],
        summary: 'Make an image the thumbnail and/or change its alt text',
        params: imageParams,
        body: imageUpdateBody,
        response: { 200: imageList, ...errors },
      },
    },
    async (request) => ({
      items: await updateProductImage(db, request.params.productId, request.params.imageId, request.body),
    }),
  );

  app.delete(
    '/admin/products/:productId/images/:imageId',
    {
      schema: {
        tags: ['admin products'],
        summary: 'Delete an image (an uploaded file is removed when nothing else uses it)',
        params: imageParams,
        response: { 200: imageList, 404: errorBody },
      },
    },
    async (request) => ({
      items: await deleteProductImage(
        db,
        imageStore,
        request.log,
        request.params.productId,
        request.params.imageId,
      ),
    }),
  );
};
