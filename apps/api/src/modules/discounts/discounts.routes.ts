import {
  type Discount,
  discount,
  discountInput,
  discountList,
  discountListQuery,
  discountParams,
} from '@cartwheel/shared/contracts/discounts';
import { errorBody } from '@cartwheel/shared/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { audit } from '../audit/audit.service.ts';
import {
  createDiscount,
  deleteDiscount,
  getDiscount,
  listDiscounts,
  updateDiscount,
} from './discounts.service.ts';

const errors = { 400: errorBody, 404: errorBody, 409: errorBody, 422: errorBody };

const discountTarget = (d: Discount) => ({ type: 'discount', id: d.id, label: d.code ?? d.title });

/** A discount's settings as the audit log compares them: not its running counts. */
function auditedFields(d: Discount) {
  const { times_used, times_held, amount_given, status, ...fields } = d;
  return fields;
}

/** The back office's discounts: codes and automatic discounts (managers and admins). */
export const discountsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/admin/discounts',
    {
      schema: {
        tags: ['admin'],
        summary: 'Discounts, newest first, with their uses and status (search by title or code)',
        querystring: discountListQuery,
        response: { 200: discountList, 400: errorBody },
      },
    },
    async (request) => ({ items: await listDiscounts(db, request.query) }),
  );

  app.post(
    '/admin/discounts',
    {
      schema: {
        tags: ['admin'],
        summary: 'Create a discount (a code, or automatic without one)',
        body: discountInput,
        response: { 201: discount, ...errors },
      },
    },
    async (request, reply) => {
      reply.status(201);
      return db.transaction(async (tx) => {
        const created = await createDiscount(tx, request.body);
        await audit.record(tx, request, {
          action: 'discount.created',
          target: discountTarget(created),
          changes: audit.changesBetween(null, auditedFields(created)),
        });
        return created;
      });
    },
  );

  app.get(
    '/admin/discounts/:discountId',
    {
      schema: {
        tags: ['admin'],
        summary: 'A discount',
        params: discountParams,
        response: { 200: discount, ...errors },
      },
    },
    async (request) => getDiscount(db, request.params.discountId),
  );

  app.put(
    '/admin/discounts/:discountId',
    {
      schema: {
        tags: ['admin'],
        summary: 'Replace a discount (its uses so far are kept)',
        params: discountParams,
        body: discountInput,
        response: { 200: discount, ...errors },
      },
    },
    async (request) =>
      db.transaction(async (tx) => {
        const before = await getDiscount(tx, request.params.discountId);
        const after = await updateDiscount(tx, before.id, request.body);
        const changes = audit.changesBetween(auditedFields(before), auditedFields(after));
        if (Object.keys(changes).length) {
          await audit.record(tx, request, {
            action: 'discount.updated',
            target: discountTarget(after),
            changes,
          });
        }
        return after;
      }),
  );

  app.delete(
    '/admin/discounts/:discountId',
    {
      schema: {
        tags: ['admin'],
        summary: 'Delete a discount (orders keep the discount lines they were priced with)',
        params: discountParams,
        response: { 200: z.object({ deleted: z.literal(true) }), ...errors },
      },
    },
    async (request) => {
      await db.transaction(async (tx) => {
        const before = await getDiscount(tx, request.params.discountId);
        await deleteDiscount(tx, before.id);
        await audit.record(tx, request, {
          action: 'discount.deleted',
          target: discountTarget(before),
          changes: audit.changesBetween(auditedFields(before), null),
        });
      });
      return { deleted: true as const };
    },
  );
};
