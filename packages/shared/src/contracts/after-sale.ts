import { z } from 'zod';
import { CARRIER_IDS, OTHER_CARRIER } from '../carriers.ts';

/** A carrier of the list, or "other" (then `carrier_name` says which). */
export const carrierChoice = z.enum([...CARRIER_IDS, OTHER_CARRIER], {
  error: 'carrier must be one of the listed carriers or "other"',
});

const orderItemQuantities = z
  .array(
    z.object({
      order_item_id: z.uuid('order_item_id must be a UUID'),
      quantity: z.number().int('quantity must be a whole number').min(1, 'quantity must be at least 1'),
    }),
  )
  .min(1, 'items must list at least one line')
  .max(500);

/**
 * POST /api/admin/orders/:orderId/fulfil. `items` lists how many more units of each line leave the
 * warehouse now; without `items` every unfulfilled unit is fulfilled. A carrier and a tracking number
 * go together; "other" also needs the carrier's name and may give its tracking link.
 */
export const fulfilOrderBody = z
  .object({
    items: orderItemQuantities.optional(),
    carrier: carrierChoice.optional(),
    carrier_name: z.string().trim().max(100, 'carrier_name is at most 100 characters').optional(),
    tracking_number: z
      .string()
      .trim()
      .min(1, 'Enter the tracking number')
      .max(100, 'The tracking number is at most 100 characters')
      .optional(),
    tracking_url: z
      .url({ protocol: /^https?$/, error: 'tracking_url must be an http or https link' })
      .max(2000)
      .optional(),
    /** The location it ships from; absent: where the order's units were allocated. */
    location_id: z.uuid('Choose a location').optional(),
  })
  .nullish()
  .transform((body) => body ?? {})
  .superRefine((body, ctx) => {
    if (Boolean(body.carrier) !== Boolean(body.tracking_number)) {
      ctx.addIssue({
        code: 'custom',
        path: [body.carrier ? 'tracking_number' : 'carrier'],
        message: body.carrier ? 'Enter the tracking number' : 'Choose the carrier of this tracking number',
      });
    }
    if (body.carrier === OTHER_CARRIER && !body.carrier_name) {
      ctx.addIssue({ code: 'custom', path: ['carrier_name'], message: "Enter the carrier's name" });
    }
  });
export type FulfilOrderBody = z.infer<typeof fulfilOrderBody>;

/** One shipment of an order: which units left, with which carrier and tracking number. */
export const fulfilment = z.object({
  id: z.uuid(),
  carrier: z.string().nullable(),
  /** The carrier's display name (the listed name, or what staff typed for "other"). */
  carrier_name: z.string().nullable(),
  tracking_number: z.string().nullable(),
  /** The carrier's public tracking page for this parcel, when known. */
  tracking_url: z.string().nullable(),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
  items: z.array(z.object({ order_item_id: z.uuid(), product_name: z.string(), quantity: z.number().int() })),
});
export type Fulfilment = z.infer<typeof fulfilment>;

export const REFUND_REASON_MAX = 500;

/**
 * POST /api/admin/orders/:orderId/refunds. Either lines and quantities (`items`, each line refunded
 * at what the shopper paid for it, tax included) or a plain `amount` in cents; `include_shipping`
 * adds the shipping not refunded yet. `restock` returns the refunded units to stock.
 */
export const refundBody = z
  .object({
    items: orderItemQuantities.optional(),
    amount: z
      .number()
      .int('amount must be a whole number of cents')
      .min(1, 'amount must be at least 1 cent')
      .max(2_000_000_000)
      .optional(),
    include_shipping: z.boolean().default(false),
    reason: z
      .string()
      .trim()
      .min(1, 'Enter a reason for the refund')
      .max(REFUND_REASON_MAX, `The reason is at most ${REFUND_REASON_MAX} characters`),
    restock: z.boolean().default(false),
    /** Give it all as the customer's store credit instead of back to how the order was paid. */
    to_store_credit: z.boolean().default(false),
  })
  .superRefine((body, ctx) => {
    if (body.items && body.amount !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['amount'],
        message: 'Refund either lines or an amount, not both',
      });
    }
    if (!body.items && body.amount === undefined && !body.include_shipping) {
      ctx.addIssue({ code: 'custom', path: ['items'], message: 'Choose the lines or the amount to refund' });
    }
    if (body.restock && !body.items) {
      ctx.addIssue({
        code: 'custom',
        path: ['restock'],
        message: 'Only refunded lines can go back to stock',
      });
    }
  });
export type RefundBody = z.infer<typeof refundBody>;

export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;

/** A refund: money back to the shopper through the payment provider, a record of its own. */
export const refund = z.object({
  id: z.uuid(),
  status: z.enum(REFUND_STATUSES),
  /** All of it, in cents; `shipping_amount` and `tax_amount` are the parts of it for shipping and tax. */
  amount: z.number().int(),
  /** The order's currency: a refund goes back in the currency the order was paid in. */
  currency: z.string(),
  shipping_amount: z.number().int(),
  tax_amount: z.number().int(),
  reason: z.string(),
  restock: z.boolean(),
  provider: z.string(),
  /** The order edit whose lower total it paid back (the total already went down); null otherwise. */
  order_edit_id: z.uuid().nullable(),
  created_at: z.string(),
  items: z.array(z.object({ order_item_id: z.uuid(), product_name: z.string(), quantity: z.number().int() })),
});
export type Refund = z.infer<typeof refund>;

/** POST /api/admin/orders/:orderId/cancel: `refund` also refunds what is left of the payment. */
export const cancelOrderBody = z
  .object({
    refund: z.boolean().default(false),
    reason: z.string().trim().max(REFUND_REASON_MAX).optional(),
  })
  .nullish()
  .transform((body) => body ?? { refund: false });
export type CancelOrderBody = z.infer<typeof cancelOrderBody>;
