import { FULFILLMENT_STATUSES, ORDER_STATUSES, PAYMENT_STATUSES } from '@cartwheel/shared/constants';
import type { GiftCardRecipient } from '@cartwheel/shared/contracts/gift-card-lines';
import type { ShippingAddress } from '@cartwheel/shared/contracts/orders';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgSequence,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.schema.ts';
import { products, productVariants } from '../catalog/catalog.schema.ts';

export const orderStatusEnum = pgEnum('order_status', ORDER_STATUSES);
export const paymentStatusEnum = pgEnum('payment_status', PAYMENT_STATUSES);
export const fulfillmentStatusEnum = pgEnum('fulfillment_status', FULFILLMENT_STATUSES);

export type { ShippingAddress };

/** The human order numbers, taken when a checkout is paid (decision 0019). */
export const orderNumberSeq = pgSequence('orders_order_number_seq', {
  startWith: 1001,
  increment: 1,
  minValue: 1,
  maxValue: 2147483647,
  cache: 1,
});

/**
 * Orders and checkouts. A row without `order_number` is a checkout not paid yet: it holds stock
 * but is not an order (no list, count or dashboard shows it); payment gives it the next number.
 * Rows written outside checkout get a number at once (the column's default). Amounts in cents:
 * total = subtotal − discount (the lines' discounts) + shipping (after a free-shipping discount)
 * + tax unless the prices include it. `payment_session_id` is unique so a payment can create or
 * complete at most one order.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderNumber: integer('order_number').unique().default(sql`nextval('orders_order_number_seq'::regclass)`),
    status: orderStatusEnum('status').notNull().default('pending'),
    paymentStatus: paymentStatusEnum('payment_status').notNull().default('unpaid'),
    paymentMethod: text('payment_method'),
    fulfillmentStatus: fulfillmentStatusEnum('fulfillment_status').notNull().default('unfulfilled'),
    /** The shipping method's name as the shopper chose it; id and estimate beside it. */
    shippingMethod: text('shipping_method'),
    shippingMethodId: uuid('shipping_method_id'),
    shippingDeliveryEstimate: text('shipping_delivery_estimate'),
    subtotalAmount: integer('subtotal_amount').notNull().default(0),
    shippingAmount: integer('shipping_amount').notNull().default(0),
    taxAmount: integer('tax_amount').notNull().default(0),
    totalAmount: integer('total_amount').notNull().default(0),
    /** Σ of the lines' discounts (a free-shipping discount is already out of shipping_amount). */
    discountAmount: integer('discount_amount').notNull().default(0),
    /** The codes entered, as the shopper typed them (automatic discounts have none). */
    discountCodes: text('discount_codes').array().notNull().default(sql`'{}'::text[]`),
    /** True when the prices included the tax: tax_amount is inside the total, not added to it. */
    taxInclusive: boolean('tax_inclusive').notNull().default(false),
    currency: text('currency').notNull().default('USD'),
    /** Units of `currency` per one unit of the base currency when the order was priced (markets). */
    exchangeRate: numeric('exchange_rate').notNull().default('1'),
    // The amounts in the base currency; NULL on an order written in the base currency without them.
    baseSubtotalAmount: integer('base_subtotal_amount'),
    baseDiscountAmount: integer('base_discount_amount'),
    baseShippingAmount: integer('base_shipping_amount'),
    baseTaxAmount: integer('base_tax_amount'),
    baseTotalAmount: integer('base_total_amount'),
    // Orders outlive their customer's account: the snapshot below keeps name and email.
    customerId: uuid('customer_id').references(() => users.id, { onDelete: 'set null' }),
    customerEmail: text('customer_email'),
    /** Who bought, for the analytics: the account, or a guest by the email (migration 0044). */
    buyerKey: text('buyer_key').generatedAlwaysAs(sql`COALESCE(customer_id::text, lower(customer_email))`),
    customerFirstName: text('customer_first_name'),
    customerLastName: text('customer_last_name'),
    shippingAddress: jsonb('shipping_address').$type<ShippingAddress>(),
    /** A guest's per-browser checkout key: their next checkout releases this one's hold. */
    guestCheckoutKey: text('guest_checkout_key'),
    marketingOptIn: boolean('marketing_opt_in').notNull().default(false),
    paymentProvider: text('payment_provider'),
    /** Where the order came from: 'web' (checkout), 'draft' (a draft's payment link), 'pos' (marked paid by staff). */
    source: text('source', { enum: ['web', 'draft', 'pos'] })
      .notNull()
      .default('web'),
    /** The storefront language the order was placed in (a BCP 47 tag: 'en', 'de', 'fr-CA'): its emails' language. */
    locale: text('locale').notNull().default('en'),
    paymentSessionId: text('payment_session_id').unique(),
    /**
     * The provider's reference for the payment, written when it is recorded: Stripe's payment intent,
     * the local provider's payment id, or the draft order's number for cash or other at Point of Sale.
     */
    paymentReference: text('payment_reference'),
    // Unpaid orders hold reserved stock until this moment; then they are cancelled and stock returns.
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The buyer's tax exemption number when the order was placed tax-exempt (decision 0093). */
    taxExemptionNumber: text('tax_exemption_number'),
    /** Placed on net payment terms: paid by invoice within this many days, by payment_due_at. */
    paymentTermsDays: integer('payment_terms_days'),
    paymentDueAt: timestamp('payment_due_at', { withTimezone: true }),
    /** When the reminder of the coming due date was sent (once). */
    paymentRemindedAt: timestamp('payment_reminded_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    // The dashboard's per-line figures of this order, summed over its lines. Written only by the
    // trigger on order_items (decision 0015), never by code: always equal to the lines.
    /** Σ refunded_quantity × price_per_item. */
    linesRefundedAmount: bigint('lines_refunded_amount', { mode: 'number' }).notNull().default(0),
    /** Σ (quantity − refunded_quantity) × price_per_item over the lines that have a cost. */
    linesSalesWithCost: bigint('lines_sales_with_cost', { mode: 'number' }).notNull().default(0),
    /** Σ (quantity − refunded_quantity) × cost_per_item over the lines that have a cost. */
    linesCostOfGoods: bigint('lines_cost_of_goods', { mode: 'number' }).notNull().default(0),
    /** Σ (quantity − refunded_quantity). */
    linesItemsSold: integer('lines_items_sold').notNull().default(0),
    /** Σ (quantity − refunded_quantity) over the lines that have a cost. */
    linesItemsWithCost: integer('lines_items_with_cost').notNull().default(0),
  },
  (t) => [
    check(
      'orders_amounts_check',
      sql`${t.subtotalAmount} >= 0 AND ${t.shippingAmount} >= 0 AND ${t.taxAmount} >= 0 AND ${t.totalAmount} >= 0`,
    ),
    check('orders_exchange_rate_check', sql`${t.exchangeRate} > 0`),
    check(
      'orders_discount_check',
      sql`${t.discountAmount} >= 0 AND ${t.discountAmount} <= ${t.subtotalAmount}`,
    ),
    check(
      'orders_total_check',
      sql`${t.totalAmount} = ${t.subtotalAmount} - ${t.discountAmount} + ${t.shippingAmount} + CASE WHEN ${t.taxInclusive} THEN 0 ELSE ${t.taxAmount} END`,
    ),
    check(
      'orders_paid_number_check',
      sql`${t.orderNumber} IS NOT NULL OR ${t.paymentStatus} IN ('unpaid', 'failed')`,
    ),
    check('orders_source_check', sql`${t.source} IN ('web', 'draft', 'pos')`),
    check('orders_currency_check', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    index('orders_paid_at_idx').on(t.paidAt).where(sql`${t.paidAt} IS NOT NULL`),
    // The orders on payment terms not paid yet, by due date: the reminder job's scan.
    index('orders_payment_due_idx')
      .on(t.paymentDueAt)
      .where(sql`${t.paymentDueAt} IS NOT NULL AND ${t.paymentStatus} = 'unpaid'`),
    index('orders_customer_created_idx').on(t.customerId, t.createdAt.desc().nullsFirst()),
    // Also INCLUDEs buyer_key and paid_at (migrations 0040, 0044), for the analytics conversion's
    // index-only read; the index builder has no INCLUDE.
    index('orders_created_idx').on(t.createdAt.desc().nullsFirst()),
    // The list's status filter and sort, the order search and the total sort read only orders, never
    // checkouts not paid yet (order-sql.ts IS_ORDER): those are left out of the three (migration 0049).
    index('orders_status_idx')
      .on(t.status, t.createdAt.desc().nullsFirst())
      .where(sql`${t.orderNumber} IS NOT NULL`),
    // Back-office order search (customer name or email, case-insensitive substring): one trigram
    // index over the same expression the search uses (order-sql.ts ORDER_SEARCH_TEXT).
    index('orders_search_trgm_idx')
      .using(
        'gin',
        sql`(coalesce(${t.customerFirstName}, '') || ' ' || coalesce(${t.customerLastName}, '') || ' ' || coalesce(${t.customerEmail}, '')) gin_trgm_ops`,
      )
      .where(sql`${t.orderNumber} IS NOT NULL`),
    index('orders_total_idx').on(t.totalAmount).where(sql`${t.orderNumber} IS NOT NULL`),
    index('orders_pending_expiry_idx')
      .on(t.expiresAt)
      .where(sql`${t.status} = 'pending' AND ${t.paymentStatus} = 'unpaid'`),
    // Marketing's list of unpaid checkouts that have an email (marketing/abandoned-checkouts.ts).
    index('orders_unpaid_checkouts_idx')
      .on(t.createdAt)
      .where(sql`${t.orderNumber} IS NULL AND ${t.customerEmail} IS NOT NULL`),
    // A shopper's open checkouts, which their next checkout cancels (checkout/create-checkout-session.ts).
    index('orders_open_checkouts_idx')
      .on(t.customerId)
      .where(sql`${t.status} = 'pending' AND ${t.paymentStatus} = 'unpaid'`),
    index('orders_guest_checkout_idx')
      .on(t.guestCheckoutKey)
      .where(
        sql`${t.guestCheckoutKey} IS NOT NULL AND ${t.status} = 'pending' AND ${t.paymentStatus} = 'unpaid'`,
      ),
  ],
);

/** Order lines: a snapshot of what was bought and at what price, independent of later catalog edits. */
export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    productName: text('product_name').notNull(),
    variantTitle: text('variant_title'),
    productSku: text('product_sku').notNull(),
    /** The line's picture when ordered: the variant's image, else the product's first. */
    imageUrl: text('image_url'),
    quantity: integer('quantity').notNull(),
    pricePerItem: integer('price_per_item').notNull(),
    costPerItem: integer('cost_per_item'),
    /** price_per_item × quantity − discount_amount. */
    totalAmount: integer('total_amount').notNull(),
    /** This line's share of the order's discounts. */
    discountAmount: integer('discount_amount').notNull().default(0),
    /** The tax on this line's total (inside it when the order's prices include tax). */
    taxAmount: integer('tax_amount').notNull().default(0),
    fulfilledQuantity: integer('fulfilled_quantity').notNull().default(0),
    refundedQuantity: integer('refunded_quantity').notNull().default(0),
    /** A gift card's recipient and send date (decision 0094); null for any other line. */
    giftCard: jsonb('gift_card').$type<GiftCardRecipient>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('order_items_quantity_check', sql`${t.quantity} >= 1`),
    check('order_items_amounts_check', sql`${t.pricePerItem} >= 0 AND ${t.totalAmount} >= 0`),
    check('order_items_discount_check', sql`${t.discountAmount} >= 0 AND ${t.taxAmount} >= 0`),
    check(
      'order_items_fulfilled_refunded_check',
      sql`${t.fulfilledQuantity} BETWEEN 0 AND ${t.quantity} AND ${t.refundedQuantity} BETWEEN 0 AND ${t.quantity}`,
    ),
    index('order_items_order_idx').on(t.orderId),
    index('order_items_product_idx').on(t.productId),
  ],
);

/**
 * An order's timeline: one row per change (status, fulfilment, cancellation...), newest last.
 * `type` is a short machine word (`status_changed`, `fulfilled`, `cancelled`); `message` the sentence
 * staff read; `data` the details (from/to status, quantities). The actor stays null for the system.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    message: text('message').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    // clock_timestamp(), not now(): the time each event was written, even within one transaction.
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
    // The order events were written in: two events can share a timestamp (clock resolution), never a seq.
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
  },
  (t) => [
    index('order_events_order_created_idx').on(t.orderId, t.createdAt),
    index('order_events_order_seq_idx').on(t.orderId, t.seq),
  ],
);

/**
 * The dashboard's sales figures per UTC day: sums over the orders placed that day (`created_at` at
 * UTC) that count as sold, paid and not cancelled. A day is the sum of its rows: each order adds to
 * the row of its slot (order_number % 16), so concurrent payments rarely wait for one another's row
 * lock. Written only by the trigger on orders, in the transaction that changes an order (decision
 * 0015), never by code: always equal to those sums.
 */
export const orderSalesDaily = pgTable(
  'order_sales_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    slot: smallint('slot').notNull(),
    orders: integer('orders').notNull().default(0),
    subtotalAmount: bigint('subtotal_amount', { mode: 'number' }).notNull().default(0),
    shippingAmount: bigint('shipping_amount', { mode: 'number' }).notNull().default(0),
    taxAmount: bigint('tax_amount', { mode: 'number' }).notNull().default(0),
    discountAmount: bigint('discount_amount', { mode: 'number' }).notNull().default(0),
    refundedAmount: bigint('refunded_amount', { mode: 'number' }).notNull().default(0),
    salesWithCost: bigint('sales_with_cost', { mode: 'number' }).notNull().default(0),
    costOfGoods: bigint('cost_of_goods', { mode: 'number' }).notNull().default(0),
    itemsSold: bigint('items_sold', { mode: 'number' }).notNull().default(0),
    itemsWithCost: bigint('items_with_cost', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.slot] })],
);

/**
 * The discounts an order was priced with: a snapshot (the discount may change or go later).
 * `amount` is what it took off, `shipping_amount` the part of it taken off shipping.
 */
export const orderDiscounts = pgTable(
  'order_discounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    discountId: uuid('discount_id'),
    code: text('code'),
    title: text('title').notNull(),
    kind: text('kind').notNull(),
    amount: integer('amount').notNull(),
    shippingAmount: integer('shipping_amount').notNull().default(0),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    check(
      'order_discounts_amounts_check',
      sql`${t.amount} >= 0 AND ${t.shippingAmount} BETWEEN 0 AND ${t.amount}`,
    ),
    index('order_discounts_order_idx').on(t.orderId),
    index('order_discounts_discount_idx').on(t.discountId),
  ],
);

/** The taxes of an order, one line per rate, as priced at checkout. */
export const orderTaxLines = pgTable(
  'order_tax_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Basis points to a thousandth (997.5 = 9.975%). */
    rateBps: numeric('rate_bps', { precision: 8, scale: 3, mode: 'number' }).notNull(),
    amount: integer('amount').notNull(),
    inclusive: boolean('inclusive').notNull(),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    check('order_tax_lines_amounts_check', sql`${t.rateBps} >= 0 AND ${t.amount} >= 0`),
    index('order_tax_lines_order_idx').on(t.orderId),
  ],
);
