import { z } from 'zod';
import { checkoutLine } from './checkout.ts';

/** An edited order holds at most this many lines. */
export const MAX_EDIT_LINES = 100;

/**
 * The body of POST /api/admin/orders/:orderId/edits/preview and .../edits: the order's lines as they
 * should be after the edit (a line left out is removed; another variant is another line) and the
 * shipping method. Never a price: the server prices the lines.
 */
export const orderEditBody = z.object({
  lines: z
    .array(checkoutLine)
    .min(1, 'An order keeps at least one line: cancel it instead')
    .max(MAX_EDIT_LINES, `An order holds at most ${MAX_EDIT_LINES} lines`)
    .refine(
      (lines) => new Set(lines.map((l) => `${l.product_id}:${l.variant_id ?? ''}`)).size === lines.length,
      'Each product or variant appears on one line',
    ),
  shipping_method_id: z.uuid('shipping_method_id must be a UUID').nullable().default(null),
  /** Email the buyer "order updated" (and the payment link when more is due). */
  notify_customer: z.boolean().default(true),
});
export type OrderEditBody = z.input<typeof orderEditBody>;

const totals = z.object({
  subtotal_amount: z.number().int(),
  discount_amount: z.number().int(),
  shipping_amount: z.number().int(),
  tax_amount: z.number().int(),
  total_amount: z.number().int(),
});

/** A line of the edited order: kept (its price as sold), changed, added (today's price) or removed. */
export const orderEditLine = z.object({
  order_item_id: z.uuid().nullable(),
  product_id: z.uuid().nullable(),
  variant_id: z.uuid().nullable(),
  product_name: z.string(),
  variant_title: z.string().nullable(),
  sku: z.string(),
  price_per_item: z.number().int(),
  quantity_before: z.number().int(),
  quantity: z.number().int(),
  /** Units already shipped or refunded: the quantity cannot go under it. */
  locked_quantity: z.number().int(),
  total_amount: z.number().int(),
  change: z.enum(['kept', 'added', 'removed', 'quantity']),
});

/** The preview (and the commit's answer): the order before and after, and what the buyer pays or gets back. */
export const orderEditPreview = z.object({
  currency: z.string(),
  before: totals,
  after: totals,
  lines: z.array(orderEditLine),
  shipping_method_id: z.string().nullable(),
  shipping_method: z.string().nullable(),
  /** The destination's methods priced for the edited order. */
  shipping_methods: z.array(z.object({ id: z.string(), name: z.string(), amount: z.number().int() })),
  discounts: z.array(z.object({ title: z.string(), code: z.string().nullable(), amount: z.number().int() })),
  /** after − before: positive is due from the buyer, negative is refunded. */
  difference: z.number().int(),
});
export type OrderEditPreview = z.infer<typeof orderEditPreview>;

/** POST /api/admin/orders/:orderId/edits */
export const orderEditResult = orderEditPreview.extend({
  edit_id: z.uuid(),
  status: z.enum(['committed', 'awaiting_payment', 'paid']),
  /** The buyer's signed payment link when more is due (also emailed). */
  payment_url: z.string().nullable(),
  refunded_amount: z.number().int(),
});
export type OrderEditResult = z.infer<typeof orderEditResult>;
