import { errorBody } from '@cartwheel/shared/contracts/errors';
import { orderEditBody, orderEditPreview, orderEditResult } from '@cartwheel/shared/contracts/order-edits';
import { orderIdParams } from '@cartwheel/shared/contracts/orders';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { queryRows } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { requirePermission } from '../accounts/viewer.ts';
import { audit } from '../audit/audit.service.ts';
import { composeEmail } from '../email/email-templates.ts';
import type { OrderEditChange } from '../orders/order-edits.schema.ts';
import { orderRecipient } from '../orders/order-emails.ts';
import { addEvent } from '../orders/order-steps.ts';
import { commitOrderEdit } from './commit-order-edit.ts';
import {
  editPaymentUrl,
  openEditPayment,
  readEditPayment,
  settleEditPayment,
  verifyEditToken,
} from './order-edit-payments.ts';
import { renderMissingOrderPayment, renderOrderPaymentPage } from './order-payment-page.ts';
import { priceOrderEdit } from './price-order-edit.ts';

const tags = ['admin: orders'];

const orderEditSummary = z.object({
  id: z.uuid(),
  status: z.enum(['committed', 'awaiting_payment', 'paid']),
  currency: z.string(),
  total_before: z.number().int(),
  total_after: z.number().int(),
  amount_due: z.number().int(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  /** The buyer's payment page while an amount is due. */
  payment_url: z.string().nullable(),
});

const editParams = orderIdParams.extend({ editId: z.uuid('editId must be a UUID') });

/** Staff edit a placed order: preview the edited order's prices, commit it, list its edits, resend a payment link. */
export const orderEditsRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.checkout.ctx;

  app.post(
    '/admin/orders/:orderId/edits/preview',
    {
      schema: {
        tags,
        summary: 'Prices the order as the edit leaves it (lines, shipping) without writing anything',
        params: orderIdParams,
        body: orderEditBody,
        response: { 200: orderEditPreview, 400: errorBody, 404: errorBody, 409: errorBody, 422: errorBody },
      },
    },
    async (request) => (await priceOrderEdit(ctx, request.params.orderId, request.body)).preview,
  );

  app.post(
    '/admin/orders/:orderId/edits',
    {
      schema: {
        tags,
        summary:
          'Commits an edit: lines, totals and stock in one transaction; a higher total emails a payment link, a lower one is refunded',
        params: orderIdParams,
        body: orderEditBody,
        response: {
          200: orderEditResult,
          400: errorBody,
          403: errorBody,
          404: errorBody,
          409: errorBody,
          422: errorBody,
        },
      },
    },
    async (request) => {
      const viewer = await requirePermission(request, 'orders.edit');
      const { orderId } = request.params;
      // A lower total gives money back: that needs the refund permission too, checked before anything is written.
      if (!viewer.permissions.includes('orders.refund')) {
        const { preview } = await priceOrderEdit(ctx, orderId, request.body);
        if (preview.difference < 0) await requirePermission(request, 'orders.refund');
      }
      return commitOrderEdit(ctx, orderId, request.body, {
        userId: viewer.userId,
        audit: await audit.actorOf(request),
      });
    },
  );

  app.get(
    '/admin/orders/:orderId/edits',
    {
      schema: {
        tags,
        summary: "The order's edits, newest first, with the payment page of an amount due",
        params: orderIdParams,
        response: { 200: z.object({ items: z.array(orderEditSummary) }), 404: errorBody },
      },
    },
    async (request) => {
      // From the order, so an unknown order is a 404 rather than an empty list.
      const rows = await queryRows<Omit<z.infer<typeof orderEditSummary>, 'payment_url'> | { id: null }>(
        app.db,
        sql`SELECT e.id, e.status, e.currency, e.total_before, e.total_after, e.amount_due,
            to_json(e.created_at) #>> '{}' AS created_at, to_json(e.paid_at) #>> '{}' AS paid_at
          FROM orders o LEFT JOIN order_edits e ON e.order_id = o.id
          WHERE o.id = ${request.params.orderId}::uuid ORDER BY e.created_at DESC, e.id`,
      );
      if (rows.length === 0) throw new AppError('not_found', 'order_not_found', 'Order not found');
      const edits = rows.filter(
        (r): r is Omit<z.infer<typeof orderEditSummary>, 'payment_url'> => r.id !== null,
      );
      return {
        items: edits.map((r) => ({
          ...r,
          payment_url:
            r.status === 'awaiting_payment' ? editPaymentUrl(ctx.config, r.id, r.created_at) : null,
        })),
      };
    },
  );

  app.post(
    '/admin/orders/:orderId/edits/:editId/send-link',
    {
      schema: {
        tags,
        summary: 'Emails the buyer the payment link of an amount due again',
        params: editParams,
        response: { 200: z.object({ payment_url: z.string() }), 404: errorBody, 409: errorBody },
      },
    },
    async (request) => {
      const viewer = await requirePermission(request, 'orders.edit');
      const { orderId, editId } = request.params;
      const found = await readEditPayment(ctx, editId);
      if (!found || found.order_id !== orderId) {
        throw new AppError('not_found', 'order_edit_not_found', 'Order edit not found');
      }
      const edit = await settleEditPayment(ctx, found);
      if (edit.status !== 'awaiting_payment') {
        throw new AppError('conflict', 'nothing_due', 'Nothing is due on this edit any more');
      }
      const url = editPaymentUrl(ctx.config, editId, edit.created_at);
      await ctx.db.transaction(async (tx) => {
        const recipient = await orderRecipient(tx, orderId, ctx.config);
        if (!recipient) throw new AppError('conflict', 'no_email', 'This order has no email address');
        const changes = await queryRows<{ changes: OrderEditChange[] }>(
          tx,
          sql`SELECT changes FROM order_edits WHERE id = ${editId}::uuid`,
        );
        const email = await composeEmail(tx, ctx.config, 'order_updated', recipient.to, {
          ...recipient,
          changes: changes[0]?.changes ?? [],
          total: edit.total_after,
          currency: edit.currency,
          amount_due: edit.amount_due,
          refund_amount: 0,
          pay_url: url,
        });
        await ctx.mailer.queue(tx, email);
        await addEvent(
          tx,
          orderId,
          viewer.userId,
          'payment_link_sent',
          `Payment link sent to ${recipient.to}`,
          {
            edit_id: editId,
          },
        );
      });
      return { payment_url: url };
    },
  );
};

function sendPage(reply: FastifyReply, status: number, html: string) {
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'same-origin')
    .send(html);
}

/**
 * The buyer's page of an amount due, opened by the signed link of the email (no sign-in): GET shows
 * it (and records a payment its provider took: the provider returns here), POST opens or reuses the
 * payment session and sends the browser to the provider's page.
 */
export const orderPaymentPageRoutes: FastifyPluginAsync = async (app) => {
  const ctx = app.checkout.ctx;
  const { shopName } = app.config;
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (_r, _b, done) => done(null, {}),
  );

  const editOf = async (token: string) => {
    const editId = verifyEditToken(ctx.config, token);
    const edit = editId ? await readEditPayment(ctx, editId) : null;
    return edit ? settleEditPayment(ctx, edit) : null;
  };

  app.get<{ Params: { token: string }; Querystring: { error?: string } }>(
    '/order-payments/:token',
    { schema: { hide: true } },
    async (request, reply) => {
      const edit = await editOf(request.params.token);
      if (!edit) return sendPage(reply, 404, renderMissingOrderPayment(shopName));
      const error =
        request.query.error === 'busy'
          ? 'The payment is being prepared. Please try again in a moment.'
          : request.query.error === 'provider'
            ? 'The payment service could not be reached. Please try again in a moment.'
            : undefined;
      return sendPage(reply, 200, renderOrderPaymentPage(shopName, edit, request.params.token, error));
    },
  );

  app.post<{ Params: { token: string } }>(
    '/order-payments/:token',
    { schema: { hide: true } },
    async (request, reply) => {
      const { token } = request.params;
      const edit = await editOf(token);
      if (!edit) return sendPage(reply, 404, renderMissingOrderPayment(shopName));
      const here = `/order-payments/${encodeURIComponent(token)}`;
      if (edit.status !== 'awaiting_payment') return reply.redirect(here, 303);
      let url: string | null;
      try {
        url = await openEditPayment(ctx, edit.id);
      } catch {
        return reply.redirect(`${here}?error=provider`, 303);
      }
      return reply.redirect(url ?? `${here}?error=busy`, 303);
    },
  );
};
