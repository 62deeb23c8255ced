import { PassThrough } from 'node:stream';
import {
  adminProductDetail,
  adminProductList,
  adminProductListQuery,
  adminVariant,
  bulkActionBody,
  bulkActionResult,
  generateVariantsResult,
  imageList,
  imageUpdateBody,
  imageUrlBody,
  importQuery,
  importResult,
  MAX_IMAGE_UPLOAD_BYTES,
  MAX_IMPORT_BYTES,
  optionCreateBody,
  optionList,
  optionUpdateBody,
  productCreateBody,
  productUpdateBody,
  variantCreateBody,
  variantList,
  variantUpdateBody,
} from '@cartwheel/shared/contracts/admin-products';
import { productOption } from '@cartwheel/shared/contracts/catalog';
import { errorBody } from '@cartwheel/shared/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { createImageStore } from '../uploads/image-store.ts';
import { generateVariants } from './generate-variants.ts';
import {
  bulkUpdateProducts,
  createAdminProduct,
  deleteAdminProduct,
  getAdminProduct,
  listAdminProducts,
  updateAdminProduct,
} from './product.service.ts';
import { duplicateAdminProduct } from './product-duplicate.ts';
import { productsCsvStream } from './product-export.ts';
import {
  addProductImage,
  deleteProductImage,
  updateProductImage,
  uploadProductImage,
} from './product-image.service.ts';
import { importProductsCsv } from './product-import.ts';
import { createOption, deleteOption, listOptions, updateOption } from './product-option.service.ts';
import { createVariant, deleteVariant, listVariants, updateVariant } from './product-variant.service.ts';

const productParams = z.object({ productId: z.uuid('productId must be a product id') });
const optionParams = productParams.extend({ optionId: z.uuid('optionId must be an option id') });
const variantParams = productParams.extend({ variantId: z.uuid('variantId must be a variant id') });
const imageParams = productParams.extend({ imageId: z.uuid('imageId must be an image id') });
const errors = { 400: errorBody, 404: errorBody, 409: errorBody };

/**
 * The back office's products: list, editor, options, variants (and their generation), images,
 * bulk actions, duplicate, CSV import and export. Roles: admin-access.ts.
 */
export const adminProductsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const imageStore = createImageStore(app.config);

  // Raw bodies for this plugin only: an image file for uploads, CSV text for imports.
  app.addContentTypeParser(
    /^image\/[\w.+-]+$/,
    { parseAs: 'buffer', bodyLimit: MAX_IMAGE_UPLOAD_BYTES },
    (_request, body, done) => done(null, body),
  );
  app.addContentTypeParser(
    ['text/csv', 'application/csv'],
    { parseAs: 'string', bodyLimit: MAX_IMPORT_BYTES },
    (_request, body, done) => done(null, body),
  );

  app.get(
    '/admin/products',
    {
      schema: {
        tags: ['admin products'],
        summary: 'Every non-deleted product (Active and Draft), searched, filtered, sorted and paged',
        querystring: adminProductListQuery,
        response: { 200: adminProductList, 400: errorBody },
      },
    },
    async (request) => listAdminProducts(db, request.query),
  );

  app.post(
    '/admin/products',
    {
      schema: {
        tags: ['admin products'],
        summary: 'Create a product (slug derived from the name; product defaults)',
        body: productCreateBody,
        response: { 201: adminProductDetail, ...errors },
      },
    },
    async (request, reply) => reply.status(201).send(await createAdminProduct(db, request.body)),
  );

  app.get(
    '/admin/products/export',
    {
      schema: {
        tags: ['admin products'],
        summary: 'Stream the products and their variants as CSV',
        querystring: adminProductListQuery.pick({ status: true, search: true }),
      },
    },
    async (request, reply) => {
      const date = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="products-${date}.csv"`)
        .header('cache-control', 'no-store')
        .send(productsCsvStream(db, request.query));
    },
  );

  app.post(
    '/admin/products/import',
    {
      bodyLimit: MAX_IMPORT_BYTES,
      // Progress lines must reach the browser as they are written, not when a gzip block fills.
      compress: false,
      schema: {
        tags: ['admin products'],
        summary: 'Import products from CSV (text/csv body); ?dry_run=true checks and previews only',
        querystring: importQuery,
        response: { 200: importResult, 400: errorBody, 415: errorBody, 422: errorBody },
      },
    },
    async (request, reply) => {
      if (typeof request.body !== 'string') {
        throw new AppError(
          'unsupported_media_type',
          'unsupported_media_type',
          'Send the CSV file as the request body (text/csv)',
        );
      }
      const dryRun = request.query.dry_run;
      if (dryRun || !request.headers.accept?.includes('application/x-ndjson')) {
        return importProductsCsv(db, request.body, { dryRun });
      }
      // Progress for large files: once every row is valid the answer becomes a stream of JSON lines,
      // {"type":"progress","done","total"} while the transaction writes, then {"type":"result",...}
      // or {"type":"error","error":{...}} (all rows were rolled back). Problems found before writing
      // are still ordinary error responses.
      const stream = new PassThrough();
      const line = (value: unknown) => stream.write(`${JSON.stringify(value)}\n`);
      let streaming = false;
      try {
        const result = await importProductsCsv(db, request.body, {
          dryRun: false,
          onWriteStart: (total) => {
            streaming = true;
            // A stream is not serialized: the JSON response schema does not apply to it.
            reply
              .type('application/x-ndjson; charset=utf-8')
              .header('cache-control', 'no-store')
              .send(stream as never);
            line({ type: 'progress', done: 0, total });
          },
          onProgress: (done, total) => line({ type: 'progress', done, total }),
        });
        if (!streaming) return result;
        line({ type: 'result', result });
      } catch (error) {
        if (!streaming) throw error;
        request.log.error({ err: error }, 'product import failed; rolled back');
        line({
          type: 'error',
          error:
            error instanceof AppError
              ? { code: error.code, message: error.message }
              : {
                  code: 'import_failed',
                  message: 'The import failed and nothing was written. Please try again.',
                },
        });
      }
      stream.end();
      return reply;
    },
  );

  app.post(
    '/admin/products/bulk',
    {
      schema: {
        tags: ['admin products'],
        summary: 'Bulk edit price/inventory, set featured, or archive (set as Draft) selected products',
        body: bulkActionBody,
        response: { 200: bulkActionResult, 400: errorBody },
      },
    },
    async (request) => bulkUpdateProducts(db, request.body),
  );

  app.get(
    '/admin/products/:productId',
    {
      schema: {
        tags: ['admin products'],
        summary: 'One product with relations, options, variants and cost price',
        params: productParams,
        response: { 200: adminProductDetail, 404: errorBody },
      },
    },
    async (request) => getAdminProduct(db, request.params.productId),
  );

  app.patch(
    '/admin/products/:productId',
    {
      schema: {
        tags: ['admin products'],
        summary: 'Update a product',
        params: productParams,
        body: productUpdateBody,
        response: { 200: adminProductDetail, ...errors },
      },
    },
    async (request) => updateAdminProduct(db, request.params.productId, request.body),
  );

  app.delete(
    '/admin/products/:productId',
    {
      schema: {
        tags: ['admin products'],
        summary: 'Soft delete a product (deleted_at is set)',
        params: productParams,
        response: { 204: z.null(), 404: errorBody },
      },
    },
    async (request, reply) => {
      await deleteAdminProduct(db, request.params.productId);
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/admin/products/:productId/duplicate',
    {
      schema: {
        tags: ['admin products'],
        summary: 'Copy a product as a Draft with "-copy" SKU and slug',
        params: productParams,
        response: { 201: adminProductDetail, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await duplicateAdminProduct(db, request.params.productId)),
  );

  // ---- options ----

  app.get(
    '/admin/products/:productId/options',
    {
      schema: {
        tags: ['admin products'],
        summary: "A product's options with values ordered by sort_order",
        params: productParams,
        response: { 200: optionList, 404: errorBody },
      },
    },
    async (request) => ({ items: await listOptions(db, request.params.productId) }),
  );

  app.post(
    '/admin/products/:productId/options',
    {
      schema: {
        tags: ['admin products'],
        summary: 'Add an option with values (value defaults to the label lower-cased, spaces to hyphens)',
        params: productParams,
        body: optionCreateBody,
        response: { 201: productOption, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createOption(db, request.params.productId, request.body)),
  );

  app.patch(
    '/admin/products/:productId/options/:optionId',
    {
      schema: {
        tags: ['admin products'],
        summary: 'Update an option; `values` replaces the list (removed values take their variants along)',
        params: optionParams,
        body: optionUpdateBody,
        response: { 200: productOption, ...errors },
      },
    },
    async (request) => updateOption(db, request.params.productId, request.params.optionId, request.body),
  );

  app.delete(
    '/admin/products/:productId/options/:optionId',
    {
      schema: {
        tags: ['admin products'],
        summary: 'Delete an option, its values and the variants that used them',
        params: optionParams,
        response: { 204: z.null(), 404: errorBody },
      },
    },
    async (request, reply) => {
      await deleteOption(db, request.params.productId, request.params.optionId);
      return reply.status(204).send(null);
    },
  );

  // ---- variants ----

  app.get(
    '/admin/products/:productId/variants',
    {
      schema: {
        tags: ['admin products'],
        summary: "A product's variants with option values, ordered by created_at",
        params: productParams,
        response: { 200: variantList, 404: errorBody },
      },
    },
    async (request) => ({ items: await listVariants(db, request.params.productId) }),
  );

  app.post(
    '/admin/products/:productId/variants',
    {
      schema: {
        tags: ['admin products'],
        summary: 'Add a variant linked to option values',
        params: productParams,
        body: variantCreateBody,
        response: { 201: adminVariant, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createVariant(db, request.params.productId, request.body)),
  );

  app.post(
    '/admin/products/:productId/variants/generate',
    {
      schema: {
        tags: ['admin products'],
        summary: 'Generate one variant per combination of option values (existing combinations are kept)',
        params: productParams,
        response: { 200: generateVariantsResult, ...errors },
      },
    },
    async (request) => generateVariants(db, request.params.productId),
  );

  app.patch(
    '/admin/products/:productId/variants/:variantId',
    {
      schema: {
        tags: ['admin products'],
        summary: 'Update a variant (price, sale price, inventory, SKU...)',
        params: variantParams,
        body: variantUpdateBody,
        response: { 200: adminVariant, ...errors },
      },
    },
    async (request) => updateVariant(db, request.params.productId, request.params.variantId, request.body),
  );

  app.delete(
    '/admin/products/:productId/variants/:variantId',
    {
      schema: {
        tags: ['admin products'],
        summary: 'Delete a variant',
        params: variantParams,
        response: { 204: z.null(), 404: errorBody },
      },
    },
    async (request, reply) => {
      await deleteVariant(db, request.params.productId, request.params.variantId);
      return reply.status(204).send(null);
    },
  );

  // ---- images ----

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
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0) {
        throw new AppError(
          'unsupported_media_type',
          'unsupported_media_type',
          'Send the image file as the request body with an image Content-Type',
        );
      }
      const items = await uploadProductImage(db, imageStore, request.params.productId, {
        data: body,
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
