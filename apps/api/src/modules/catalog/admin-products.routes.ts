import { PassThrough } from 'node:stream';
import {
  type AdminProductDetail,
  adminProductDetail,
  adminProductList,
  adminProductListQuery,
  bulkActionBody,
  bulkActionResult,
  MAX_IMAGE_UPLOAD_BYTES,
  productCreateBody,
  productUpdateBody,
} from '@cartwheel/shared/contracts/admin-products';
import { errorBody } from '@cartwheel/shared/contracts/errors';
import { importQuery, importResult, MAX_IMPORT_BYTES } from '@cartwheel/shared/contracts/product-import';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { adminProductImagesRoutes } from './admin-product-images.routes.ts';
import { adminProductOptionsRoutes } from './admin-product-options.routes.ts';
import { errors, productParams } from './admin-product-params.ts';
import {
  bulkUpdateProducts,
  createAdminProduct,
  deleteAdminProduct,
  getAdminProduct,
  listAdminProducts,
  restoreAdminProduct,
  updateAdminProduct,
} from './product.service.ts';
import { duplicateAdminProduct } from './product-duplicate.ts';
import { productsCsvStream } from './product-export.ts';
import { queueProductImageFetch } from './product-image-import.ts';
import type { DbOrTx } from './product-shared.ts';
import { watchStaffStock } from './product-webhooks.ts';

/**
 * The back office's products: list, editor, bulk actions, duplicate, CSV import and export, plus
 * their options and variants (admin-product-options.routes.ts) and images
 * (admin-product-images.routes.ts). Roles: admin-access.ts.
 */
export const adminProductsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  watchStaffStock(app);
  const queueImageFetch = (tx: DbOrTx, productId: string) => queueProductImageFetch(app.jobs, tx, productId);
  /**
   * Tells the webhook endpoints, once the change is committed (the product services own their
   * transactions), and answers the product.
   */
  const announce = async (type: 'product.created' | 'product.updated', product: AdminProductDetail) => {
    await app.webhooks.emit(db, type, { object: 'product', ...product });
    return product;
  };
  /** A product the CSV import created or changed (itself or one of its variants). */
  const onProductWritten = async (id: string, created: boolean) => {
    await announce(created ? 'product.created' : 'product.updated', await getAdminProduct(db, id));
  };

  // Raw bodies for these routes only (and the options' and images' below): an image file for
  // uploads, CSV text for imports.
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
    async (request, reply) =>
      reply.status(201).send(await announce('product.created', await createAdminProduct(db, request.body))),
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
        .send(await productsCsvStream(db, request.query));
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
      // The importer (its CSV parsers, Shopify's and WooCommerce's formats, an HTML sanitizer) loads
      // with the first import, not with every server.
      const { importProductsCsv } = await import('./product-import.ts');
      if (dryRun || !request.headers.accept?.includes('application/x-ndjson')) {
        return importProductsCsv(db, request.body, { dryRun, queueImageFetch, onProductWritten });
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
          queueImageFetch,
          onProductWritten,
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
    async (request) => {
      const result = await bulkUpdateProducts(db, request.body);
      for (const id of result.ids) await announce('product.updated', await getAdminProduct(db, id));
      return result;
    },
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
    async (request) =>
      announce('product.updated', await updateAdminProduct(db, request.params.productId, request.body)),
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
      await app.webhooks.emit(db, 'product.deleted', { object: 'product', id: request.params.productId });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/admin/products/:productId/restore',
    {
      schema: {
        tags: ['admin products'],
        summary: 'Undo a soft delete (deleted_at cleared)',
        params: productParams,
        response: { 200: adminProductDetail, 404: errorBody },
      },
    },
    async (request) => announce('product.created', await restoreAdminProduct(db, request.params.productId)),
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
      reply
        .status(201)
        .send(await announce('product.created', await duplicateAdminProduct(db, request.params.productId))),
  );

  await app.register(adminProductOptionsRoutes);
  await app.register(adminProductImagesRoutes);
};
