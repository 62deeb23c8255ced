import { z } from 'zod';
import { FULFILLMENT_STATUSES, ORDER_STATUSES, PAYMENT_STATUSES } from '../constants.ts';

/** One line of a shopper's order: the snapshot taken at checkout (spec section 7). Money in cents. */
export const customerOrderItem = z.object({
  id: z.uuid(),
  product_id: z.uuid().nullable(),
  variant_id: z.uuid().nullable(),
  product_name: z.string(),
  variant_title: z.string().nullable(),
  product_sku: z.string(),
  quantity: z.number().int(),
  price_per_item: z.number().int(),
  total_amount: z.number().int(),
});
export type CustomerOrderItem = z.infer<typeof customerOrderItem>;

export const customerShippingAddress = z.object({
  first_name: z.string(),
  last_name: z.string(),
  address_line_1: z.string(),
  address_line_2: z.string().nullable().optional(),
  city: z.string(),
  state_province: z.string().nullable().optional(),
  postal_code: z.string(),
  country: z.string().nullable().optional(),
});
export type CustomerShippingAddress = z.infer<typeof customerShippingAddress>;

const orderFields = {
  id: z.uuid(),
  order_number: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  status: z.enum(ORDER_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  payment_method: z.string().nullable(),
  fulfillment_status: z.enum(FULFILLMENT_STATUSES),
  shipping_method: z.string().nullable(),
  subtotal_amount: z.number().int(),
  shipping_amount: z.number().int(),
  tax_amount: z.number().int(),
  total_amount: z.number().int(),
  currency: z.string(),
  shipping_address: customerShippingAddress.nullable(),
  /** How many lines the order has (the length of order_items). */
  items_count: z.number().int(),
};

/** An order in the shopper's history (GET /api/account/orders). */
export const customerOrder = z.object({ ...orderFields, order_items: z.array(customerOrderItem) });
export type CustomerOrder = z.infer<typeof customerOrder>;

/** GET /api/account/orders: the signed-in shopper's orders, newest first. */
export const customerOrderList = z.object({ items: z.array(customerOrder) });
export type CustomerOrderList = z.infer<typeof customerOrderList>;

export const customerOrderDetailItem = customerOrderItem.extend({
  fulfilled_quantity: z.number().int(),
  refunded_quantity: z.number().int(),
});
export type CustomerOrderDetailItem = z.infer<typeof customerOrderDetailItem>;

/** GET /api/account/orders/:orderId: one of the shopper's orders with fulfilment per line. */
export const customerOrderDetail = z.object({
  ...orderFields,
  paid_at: z.string().nullable(),
  order_items: z.array(customerOrderDetailItem),
});
export type CustomerOrderDetail = z.infer<typeof customerOrderDetail>;
