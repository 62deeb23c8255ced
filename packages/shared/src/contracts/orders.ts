import { z } from 'zod';
import { FULFILLMENT_STATUSES, ORDER_STATUSES, PAGE_SIZES, PAYMENT_STATUSES } from '../constants.ts';
import { fulfilment, refund } from './after-sale.ts';
import { giftCardRecipientShown } from './gift-card-lines.ts';

export const orderStatus = z.enum(ORDER_STATUSES);
export type OrderStatus = z.infer<typeof orderStatus>;
export const paymentStatus = z.enum(PAYMENT_STATUSES);
export const fulfillmentStatus = z.enum(FULFILLMENT_STATUSES);

/** Columns the back-office order list sorts by (server side). */
export const ORDER_SORTS = ['order_number', 'created_at', 'total_amount', 'status'] as const;
export type OrderSort = (typeof ORDER_SORTS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;

/** The name shown for an order that has no customer account. */
export const GUEST_NAME = 'Guest';

const minPage = PAGE_SIZES[0];
const maxPage = PAGE_SIZES[PAGE_SIZES.length - 1]!;

/** Page number, from 1. */
export const pageParam = z.coerce
  .number({ error: 'page must be a whole number of at least 1' })
  .int('page must be a whole number of at least 1')
  .min(1, 'page must be a whole number of at least 1')
  .max(100_000, 'page is too large')
  .default(1);

/** Page sizes of the data table: 10 to 50 rows. */
export const pageLimitParam = z.coerce
  .number({ error: `limit must be a whole number from ${minPage} to ${maxPage}` })
  .int(`limit must be a whole number from ${minPage} to ${maxPage}`)
  .min(minPage, `limit must be a whole number from ${minPage} to ${maxPage}`)
  .max(maxPage, `limit must be a whole number from ${minPage} to ${maxPage}`)
  .default(minPage);

/** "pending,processing" (one query parameter, comma-separated) → ['pending', 'processing']. */
const statusList = z
  .string()
  .trim()
  .transform((s) => [
    ...new Set(
      s
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    ),
  ])
  .pipe(
    z.array(orderStatus, { error: `status must be a comma-separated list of: ${ORDER_STATUSES.join(', ')}` }),
  );

/** Filters shared by the list and the CSV export. */
export const orderFilterQuery = z.object({
  search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
  status: statusList.optional(),
  sort: z
    .enum(ORDER_SORTS, { error: `sort must be one of: ${ORDER_SORTS.join(', ')}` })
    .default('created_at'),
  dir: z.enum(SORT_DIRECTIONS, { error: 'dir must be asc or desc' }).default('desc'),
});

/** GET /api/admin/orders */
export const orderListQuery = orderFilterQuery.extend({ page: pageParam, limit: pageLimitParam });
export type OrderListQuery = z.input<typeof orderListQuery>;

export const orderCustomer = z.object({
  id: z.uuid().nullable(),
  /** Full name, or "Guest" when the order has no customer account. */
  name: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
});
export type OrderCustomer = z.infer<typeof orderCustomer>;

export const orderListItem = z.object({
  id: z.uuid(),
  order_number: z.number().int(),
  created_at: z.string(),
  status: orderStatus,
  payment_status: paymentStatus,
  fulfillment_status: fulfillmentStatus,
  total_amount: z.number().int(),
  /** The ISO 4217 code of the order's amounts. */
  currency: z.string(),
  item_count: z.number().int(),
  customer: orderCustomer,
});
export type OrderListItem = z.infer<typeof orderListItem>;

/** Shop-wide counts for the summary cards (not narrowed by the list's filters). */
export const orderSummary = z.object({
  total: z.number().int(),
  /** Not cancelled and not fully fulfilled (unfulfilled or partial). */
  unfulfilled: z.number().int(),
  /** Not cancelled and payment status unpaid. */
  unpaid: z.number().int(),
  delivered: z.number().int(),
  cancelled: z.number().int(),
});
export type OrderSummary = z.infer<typeof orderSummary>;

export const orderList = z.object({
  items: z.array(orderListItem),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
  summary: orderSummary,
});
export type OrderList = z.infer<typeof orderList>;

/** Where an order ships, as checkout stored it: the same for the shopper and the back office. */
export const shippingAddress = z.object({
  first_name: z.string(),
  last_name: z.string(),
  address_line_1: z.string(),
  address_line_2: z.string().nullable().optional(),
  city: z.string(),
  state_province: z.string().nullable().optional(),
  postal_code: z.string(),
  country: z.string().nullable().optional(),
});
export type ShippingAddress = z.infer<typeof shippingAddress>;

/**
 * One line of an order: the snapshot taken at checkout, money in cents. The shopper's views of a line
 * (customer-orders.ts) are picked from this one.
 */
export const orderLine = z.object({
  id: z.uuid(),
  product_id: z.uuid().nullable(),
  variant_id: z.uuid().nullable(),
  product_name: z.string(),
  variant_title: z.string().nullable(),
  product_sku: z.string(),
  /** The picture of what was bought (the variant's image, else the product's first); null for none. */
  image_url: z.string().nullable(),
  quantity: z.number().int(),
  price_per_item: z.number().int(),
  cost_per_item: z.number().int().nullable(),
  /** price_per_item × quantity − discount_amount. */
  total_amount: z.number().int(),
  /** This line's share of the order's discounts. */
  discount_amount: z.number().int(),
  /** The tax on the line's total (inside it when the order's prices include tax). */
  tax_amount: z.number().int(),
  fulfilled_quantity: z.number().int(),
  refunded_quantity: z.number().int(),
  /**
   * Units still to ship: ordered, less shipped, less refunded or being refunded (refunded units come
   * off the unshipped ones first). What the fulfil action may send.
   */
  fulfillable_quantity: z.number().int(),
  /** A gift card's recipient and send date (decision 0094); absent or null for any other line. */
  gift_card: giftCardRecipientShown.nullable().optional(),
});
export type OrderLine = z.infer<typeof orderLine>;

/** A discount the order was priced with; `shipping_amount` is the part taken off shipping. */
export const orderDiscount = z.object({
  discount_id: z.uuid().nullable(),
  /** null for an automatic discount. */
  code: z.string().nullable(),
  title: z.string(),
  kind: z.string(),
  amount: z.number().int(),
  shipping_amount: z.number().int(),
});
export type OrderDiscount = z.infer<typeof orderDiscount>;

/** One tax of the order; an inclusive tax is inside the prices and not added to the total. */
export const orderTaxLine = z.object({
  name: z.string(),
  rate_bps: z.number(),
  amount: z.number().int(),
  inclusive: z.boolean(),
});
export type OrderTaxLine = z.infer<typeof orderTaxLine>;

/**
 * One entry of an order's timeline: `placed` and `paid` come from the order's own dates; the rest
 * (`status_changed`, `fulfilled`, `cancelled`) from the order_events table.
 */
export const orderEvent = z.object({
  id: z.string(),
  type: z.string(),
  message: z.string(),
  data: z.record(z.string(), z.unknown()),
  actor: z.object({ id: z.uuid(), name: z.string(), email: z.string() }).nullable(),
  created_at: z.string(),
});
export type OrderEvent = z.infer<typeof orderEvent>;

/** A gift card or store credit that paid part of the order (decision 0074); the card paid the rest. */
export const orderTender = z.object({
  kind: z.enum(['gift_card', 'store_credit']),
  last_characters: z.string().nullable(),
  amount: z.number().int(),
  refunded_amount: z.number().int(),
});

/** GET /api/admin/orders/:orderId */
export const orderDetail = z.object({
  id: z.uuid(),
  order_number: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  status: orderStatus,
  payment_status: paymentStatus,
  payment_method: z.string().nullable(),
  payment_provider: z.string().nullable(),
  /** Where it came from: the storefront ('web'), a draft order's payment link ('draft'), point of sale ('pos'). */
  source: z.enum(['web', 'draft', 'pos']),
  paid_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  /** Placed tax-exempt: the buyer's exemption number (decision 0093). */
  tax_exemption_number: z.string().nullable(),
  /** Placed on payment terms: when the invoice is due (paid or not: see payment_status). */
  payment_due_at: z.string().nullable(),
  fulfillment_status: fulfillmentStatus,
  /** The shipping method's name; its delivery estimate beside it. */
  shipping_method: z.string().nullable(),
  shipping_delivery_estimate: z.string().nullable(),
  /** Σ price × quantity of the lines, before discounts. */
  subtotal_amount: z.number().int(),
  /** Σ of the lines' discounts (a free-shipping discount is already out of shipping_amount). */
  discount_amount: z.number().int(),
  /** Shipping after a free-shipping discount. */
  shipping_amount: z.number().int(),
  tax_amount: z.number().int(),
  /** True when the prices include the tax: it is inside the total, not added. */
  tax_inclusive: z.boolean(),
  /** subtotal − discount + shipping + tax unless included. */
  total_amount: z.number().int(),
  currency: z.string(),
  discounts: z.array(orderDiscount),
  tenders: z.array(orderTender),
  tax_lines: z.array(orderTaxLine),
  customer: orderCustomer,
  /** The shopper agreed to marketing emails at checkout. */
  marketing_opt_in: z.boolean(),
  shipping_address: shippingAddress.nullable(),
  items: z.array(orderLine),
  /** The shipments, oldest first, each with its carrier and tracking number. */
  fulfilments: z.array(fulfilment),
  /** The refunds, oldest first (a failed one stays on the record). */
  refunds: z.array(refund),
  /** Σ of the succeeded refunds, in cents. */
  refunded_amount: z.number().int(),
  /** What can still be refunded: the total less the refunds that succeeded or are under way. */
  refundable_amount: z.number().int(),
  timeline: z.array(orderEvent),
});
export type OrderDetail = z.infer<typeof orderDetail>;

export const orderIdParams = z.object({ orderId: z.uuid('orderId must be a UUID') });

/** PATCH /api/admin/orders/:orderId/status */
export const orderStatusBody = z.object({
  status: orderStatus.describe('Any of the five statuses; "cancelled" cancels the order (stock returns)'),
});

export { type FulfilOrderBody, fulfilOrderBody } from './after-sale.ts';
