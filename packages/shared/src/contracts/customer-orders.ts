import { z } from 'zod';
import { fulfilment } from './after-sale.ts';
import { orderDetail, orderLine, type ShippingAddress, shippingAddress } from './orders.ts';

/** One line of a shopper's order as the history lists it: no cost and no fulfilment. Money in cents. */
export const customerOrderItem = orderLine.pick({
  id: true,
  product_id: true,
  variant_id: true,
  product_name: true,
  variant_title: true,
  product_sku: true,
  image_url: true,
  quantity: true,
  price_per_item: true,
  total_amount: true,
  discount_amount: true,
  tax_amount: true,
});
export type CustomerOrderItem = z.infer<typeof customerOrderItem>;

export const customerShippingAddress = shippingAddress;
export type CustomerShippingAddress = ShippingAddress;

/** The fields of the back office's order that the shopper sees, and the item count. */
const orderFields = {
  ...orderDetail.pick({
    id: true,
    order_number: true,
    created_at: true,
    updated_at: true,
    status: true,
    payment_status: true,
    payment_method: true,
    fulfillment_status: true,
    shipping_method: true,
    shipping_delivery_estimate: true,
    subtotal_amount: true,
    discount_amount: true,
    shipping_amount: true,
    tax_amount: true,
    tax_inclusive: true,
    total_amount: true,
    currency: true,
    shipping_address: true,
    discounts: true,
    tax_lines: true,
  }).shape,
  /** How many items the order has: units, the sum of its lines' quantities (as the back office counts). */
  item_count: z.number().int(),
};

/** An order in the shopper's history (GET /api/account/orders). */
export const customerOrder = z.object({ ...orderFields, order_items: z.array(customerOrderItem) });
export type CustomerOrder = z.infer<typeof customerOrder>;

/**
 * A customer's figures, the same on the account page and in the back office (docs/product.md,
 * "Customer figures"): `order_count` counts the placed orders (the history's); `total_spent` sums the
 * totals of those that are paid and not cancelled (a refunded order counts for nothing). Cents.
 */
export const customerFigures = z.object({
  order_count: z.number().int(),
  total_spent: z.number().int(),
});
export type CustomerFigures = z.infer<typeof customerFigures>;

/** GET /api/account/orders: the signed-in shopper's orders, newest first, and their figures. */
export const customerOrderList = z.object({ items: z.array(customerOrder), figures: customerFigures });
export type CustomerOrderList = z.infer<typeof customerOrderList>;

/** A line of one order's page: with how much of it was fulfilled and refunded, still no cost. */
export const customerOrderDetailItem = orderLine.omit({ cost_per_item: true, fulfillable_quantity: true });
export type CustomerOrderDetailItem = z.infer<typeof customerOrderDetailItem>;

/** GET /api/account/orders/:orderId: one of the shopper's orders with fulfilment per line. */
export const customerOrderDetail = z.object({
  ...orderFields,
  paid_at: orderDetail.shape.paid_at,
  order_items: z.array(customerOrderDetailItem),
  /** The shipments with their carriers and tracking links, oldest first. */
  fulfilments: z.array(fulfilment),
  refunded_amount: orderDetail.shape.refunded_amount,
  /** Gift cards and store credit that paid part of it. */
  tenders: orderDetail.shape.tenders,
});
export type CustomerOrderDetail = z.infer<typeof customerOrderDetail>;
