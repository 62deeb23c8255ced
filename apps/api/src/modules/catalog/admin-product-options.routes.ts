import {
  adminVariant,
  generateVariantsResult,
  optionCreateBody,
  optionList,
  optionUpdateBody,
  variantCreateBody,
  variantList,
  variantUpdateBody,
} from '@cartwheel/shared/contracts/admin-products';
import { productOption } from '@cartwheel/shared/contracts/catalog';
import { errorBody } from '@cartwheel/shared/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors, optionParams, productParams, variantParams } from './admin-product-params.ts';
import { generateVariants } from './generate-variants.ts';
import { createOption, deleteOption, listOptions, updateOption } from './product-option.service.ts';
import { createVariant, deleteVariant, listVariants, updateVariant } from './product-variant.service.ts';
import { announceProductUpdates } from './product-webhooks.ts';

/** A product's options and variants in the back office, and the generation of variants. */
export const adminProductOptionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  announceProductUpdates(app);

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
};
