import { z } from 'zod';
import { FULFILLMENT_STATUSES, ORDER_STATUSES, PAYMENT_STATUSES } from '../constants.ts';
import { adminProductDetail } from './admin-products.ts';
import type { WebhookEventType } from './apps.ts';
import { shippingAddress } from './orders.ts';

// The `data` of each webhook event as the receiver parses it (JSON: dates as ISO strings, money in
// integer minor units of `currency`). docs/webhooks.md is written from these (`npm run webhooks-doc`).

const moment = z.string().describe('ISO 8601 date and time');
const cents = z.number().int();

const webhookOrderItem = z.object({
  id: z.uuid(),
  product_id: z.uuid().nullable(),
  variant_id: z.uuid().nullable(),
  product_name: z.string(),
  variant_title: z.string().nullable(),
  sku: z.string().nullable(),
  quantity: z.number().int(),
  price_per_item: cents,
  total_amount: cents,
});

const webhookOrder = z.object({
  object: z.literal('order'),
  id: z.uuid(),
  order_number: z.number().int().nullable(),
  status: z.enum(ORDER_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  fulfillment_status: z.enum(FULFILLMENT_STATUSES),
  payment_method: z.string().nullable(),
  currency: z.string().length(3),
  customer_id: z.string().nullable(),
  customer_email: z.string().nullable(),
  subtotal_amount: cents,
  discount_amount: cents,
  shipping_amount: cents,
  tax_amount: cents,
  total_amount: cents,
  shipping_address: shippingAddress.nullable(),
  created_at: moment,
  paid_at: moment.nullable(),
  items: z.array(webhookOrderItem),
});

const shippedLine = z.object({ name: z.string(), quantity: z.number().int() });

const webhookProduct = adminProductDetail.extend({ object: z.literal('product') });

/** What `data` holds for each event type. */
export const webhookEventData = {
  'order.created': webhookOrder,
  'order.paid': webhookOrder,
  'order.fulfilled': webhookOrder.extend({
    fulfilment: z.object({
      id: z.uuid(),
      items: z.array(shippedLine),
      carrier: z.string().nullable(),
      tracking_number: z.string().nullable(),
      tracking_url: z.string().nullable(),
    }),
  }),
  'order.refunded': webhookOrder.extend({
    refund: z.object({
      id: z.uuid(),
      amount: cents,
      currency: z.string().length(3),
      shipping_amount: cents,
      items: z.array(shippedLine),
      restocked: z.number().int(),
    }),
  }),
  'order.cancelled': webhookOrder,
  'order.updated': webhookOrder.extend({
    edit: z.object({
      id: z.uuid(),
      /** committed (settled or refunded), awaiting_payment (a payment link was sent) or paid. */
      status: z.enum(['committed', 'awaiting_payment', 'paid']),
      amount_due: cents,
      currency: z.string().length(3),
    }),
  }),
  'product.created': webhookProduct,
  'product.updated': webhookProduct,
  'product.deleted': z.object({ object: z.literal('product'), id: z.uuid() }),
  'inventory.low': z.object({
    object: z.literal('inventory_level'),
    product_id: z.uuid(),
    variant_id: z.uuid().nullable(),
    name: z.string(),
    sku: z.string().nullable(),
    inventory_level: z.number().int(),
    inventory_warning_level: z.number().int(),
  }),
} satisfies Record<WebhookEventType, z.ZodType>;
