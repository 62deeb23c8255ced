import { errorBody } from '@cartwheel/shared/contracts/errors';
import {
  type CustomerGroup,
  customerGroup,
  customerGroupInput,
  customerGroupList,
  customerGroupParams,
  customerWholesale,
  customerWholesaleInput,
  invoicePaidResult,
  memberPrices,
  memberPricesQuery,
  orderIdParams,
  type PriceList,
  priceList,
  priceListInput,
  priceListList,
  priceListParams,
} from '@cartwheel/shared/contracts/wholesale';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loadBaseCurrency } from '../accounts/base-currency.ts';
import { audit } from '../audit/audit.service.ts';
import { sendGiftCardsNow } from '../gift-cards/gift-card-orders.ts';
import { memberPricesOf } from './member-prices.ts';
import { recordInvoicePayment } from './payment-terms.ts';
import {
  createGroup,
  createPriceList,
  deleteGroup,
  deletePriceList,
  getCustomerWholesale,
  getGroup,
  getPriceList,
  listGroups,
  listPriceLists,
  setCustomerWholesale,
  updateGroup,
  updatePriceList,
} from './wholesale.service.ts';

const errors = { 400: errorBody, 404: errorBody, 409: errorBody };
const deleted = z.object({ deleted: z.literal(true) });
const customerParams = z.object({ customerId: z.uuid('customerId must be a UUID') });

const groupTarget = (g: CustomerGroup) => ({ type: 'customer_group', id: g.id, label: g.name });
const listTarget = (l: PriceList) => ({ type: 'price_list', id: l.id, label: l.name });
/** What the audit log compares of a group: its settings, not its counts. */
const groupFields = ({ member_count, price_list_count, ...fields }: CustomerGroup) => fields;
const listFields = ({ entry_count, group_name, ...fields }: PriceList) => fields;

/**
 * Customer groups, price lists, a customer's wholesale standing and invoices paid (back office;
 * permissions in accounts/admin-access.ts), and a signed-in member's prices for the storefront.
 */
export const wholesaleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const tags = ['admin: wholesale'];

  app.get(
    '/admin/customer-groups',
    { schema: { tags, summary: 'Customer groups with their counts', response: { 200: customerGroupList } } },
    async () => ({ items: await listGroups(db), base_currency: await loadBaseCurrency(db) }),
  );

  app.post(
    '/admin/customer-groups',
    {
      schema: {
        tags,
        summary: 'Create a customer group',
        body: customerGroupInput,
        response: { 201: customerGroup, ...errors },
      },
    },
    async (request, reply) => {
      const made = await db.transaction(async (tx) => {
        const group = await createGroup(tx, request.body);
        await audit.record(tx, request, {
          action: 'customer_group.created',
          target: groupTarget(group),
          changes: audit.changesBetween(null, groupFields(group)),
        });
        return group;
      });
      return reply.status(201).send(made);
    },
  );

  app.put(
    '/admin/customer-groups/:groupId',
    {
      schema: {
        tags,
        summary: "Replace a customer group's name, minimum order and payment terms",
        params: customerGroupParams,
        body: customerGroupInput,
        response: { 200: customerGroup, ...errors },
      },
    },
    async (request) =>
      db.transaction(async (tx) => {
        const before = await getGroup(tx, request.params.groupId);
        const after = await updateGroup(tx, before.id, request.body);
        const changes = audit.changesBetween(groupFields(before), groupFields(after));
        if (Object.keys(changes).length) {
          await audit.record(tx, request, {
            action: 'customer_group.updated',
            target: groupTarget(after),
            changes,
          });
        }
        return after;
      }),
  );

  app.delete(
    '/admin/customer-groups/:groupId',
    {
      schema: {
        tags,
        summary: 'Delete a customer group and its price lists; its members become retail customers',
        params: customerGroupParams,
        response: { 200: deleted, ...errors },
      },
    },
    async (request) => {
      await db.transaction(async (tx) => {
        const before = await getGroup(tx, request.params.groupId);
        await deleteGroup(tx, before.id);
        await audit.record(tx, request, {
          action: 'customer_group.deleted',
          target: groupTarget(before),
          changes: audit.changesBetween(groupFields(before), null),
        });
      });
      return { deleted: true as const };
    },
  );

  app.get(
    '/admin/price-lists',
    { schema: { tags, summary: 'Price lists with their groups', response: { 200: priceListList } } },
    async () => ({ items: await listPriceLists(db) }),
  );

  app.get(
    '/admin/price-lists/:priceListId',
    {
      schema: {
        tags,
        summary: 'A price list with its entries',
        params: priceListParams,
        response: { 200: priceList, 404: errorBody },
      },
    },
    async (request) => getPriceList(db, request.params.priceListId),
  );

  app.post(
    '/admin/price-lists',
    {
      schema: {
        tags,
        summary: 'Create a price list for a customer group',
        body: priceListInput,
        response: { 201: priceList, ...errors },
      },
    },
    async (request, reply) => {
      const made = await db.transaction(async (tx) => {
        const list = await createPriceList(tx, request.body);
        await audit.record(tx, request, {
          action: 'price_list.created',
          target: listTarget(list),
          changes: audit.changesBetween(null, listFields(list)),
        });
        return list;
      });
      return reply.status(201).send(made);
    },
  );

  app.put(
    '/admin/price-lists/:priceListId',
    {
      schema: {
        tags,
        summary: "Replace a price list's name, group and entries",
        params: priceListParams,
        body: priceListInput,
        response: { 200: priceList, ...errors },
      },
    },
    async (request) =>
      db.transaction(async (tx) => {
        const before = await getPriceList(tx, request.params.priceListId);
        const after = await updatePriceList(tx, before.id, request.body);
        const changes = audit.changesBetween(listFields(before), listFields(after));
        if (Object.keys(changes).length) {
          await audit.record(tx, request, {
            action: 'price_list.updated',
            target: listTarget(after),
            changes,
          });
        }
        return after;
      }),
  );

  app.delete(
    '/admin/price-lists/:priceListId',
    {
      schema: {
        tags,
        summary: 'Delete a price list',
        params: priceListParams,
        response: { 200: deleted, ...errors },
      },
    },
    async (request) => {
      await db.transaction(async (tx) => {
        const before = await getPriceList(tx, request.params.priceListId);
        await deletePriceList(tx, before.id);
        await audit.record(tx, request, {
          action: 'price_list.deleted',
          target: listTarget(before),
          changes: audit.changesBetween(listFields(before), null),
        });
      });
      return { deleted: true as const };
    },
  );

  app.get(
    '/admin/customers/:customerId/wholesale',
    {
      schema: {
        tags,
        summary: "A customer's group and tax exemption number",
        params: customerParams,
        response: { 200: customerWholesale, 404: errorBody },
      },
    },
    async (request) => getCustomerWholesale(db, request.params.customerId),
  );

  app.put(
    '/admin/customers/:customerId/wholesale',
    {
      schema: {
        tags,
        summary: 'Put a customer in a group (or none) and store their tax exemption number',
        params: customerParams,
        body: customerWholesaleInput,
        response: { 200: customerWholesale, ...errors },
      },
    },
    async (request) => {
      const saved = await db.transaction(async (tx) => {
        const { customerId } = request.params;
        const before = await getCustomerWholesale(tx, customerId);
        const after = await setCustomerWholesale(tx, customerId, request.body);
        const changes = audit.changesBetween(before, after);
        if (Object.keys(changes).length) {
          await audit.record(tx, request, {
            action: 'customer.wholesale_updated',
            target: { type: 'customer', id: customerId, label: customerId },
            changes,
          });
        }
        return after;
      });
      // The customer's group is part of their cached viewer: their next request here sees the new one.
      await app.viewerCache.settle();
      return saved;
    },
  );

  app.post(
    '/admin/wholesale/orders/:orderId/paid',
    {
      schema: {
        tags,
        summary: 'Record that the invoice of an order on payment terms was paid',
        params: orderIdParams,
        response: { 200: invoicePaidResult, ...errors },
      },
    },
    async (request) => {
      const { gift_cards, ...paid } = await db.transaction(async (tx) => {
        const recorded = await recordInvoicePayment(app.checkout.ctx, tx, request.params.orderId);
        await audit.record(tx, request, {
          action: 'order.invoice_paid',
          target: { type: 'order', id: recorded.id, label: recorded.id },
          changes: { payment_status: ['unpaid', 'paid'] },
        });
        return recorded;
      });
      // The cards due today go out now, as after a card payment (the job sends the rest).
      if (gift_cards) await sendGiftCardsNow(app.checkout.ctx, paid.id);
      return paid;
    },
  );

  app.get(
    '/wholesale/prices',
    {
      schema: {
        tags: ['wholesale'],
        summary:
          "A signed-in wholesale customer's prices and quantity tiers of one product (empty for anyone else)",
        querystring: memberPricesQuery,
        response: { 200: memberPrices, 400: errorBody },
      },
    },
    async (request) => {
      const { product_id, market, locale } = request.query;
      const pricing = await app.markets.resolve(db, market, locale);
      const groupId = (await request.getViewer())?.customerGroupId;
      if (!groupId) return { group: null, currency: pricing.market.currency, items: [] };
      return memberPricesOf(db, groupId, product_id, pricing);
    },
  );
};
