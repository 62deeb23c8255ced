import { z } from 'zod';

/**
 * Returns the shopper starts (decision 0086). Shoppers: GET/POST /api/account/orders/:orderId/returns,
 * GET/POST /api/orders/by-link/:token/returns. Staff: /api/admin/returns (list, detail, approve,
 * decline, receive, refund, close, label), /api/admin/settings/returns and a product's final-sale flag.
 */

/** Why a unit goes back: a fixed list, worded by each front end in its own language. */
export const RETURN_REASONS = [
  'too_small',
  'too_large',
  'not_as_described',
  'damaged',
  'wrong_item',
  'changed_mind',
  'other',
] as const;
export type ReturnReason = (typeof RETURN_REASONS)[number];

/** requested → approved or declined; approved → received → refunded; approved or received → closed. */
export const RETURN_STATUSES = [
  'requested',
  'approved',
  'declined',
  'received',
  'refunded',
  'closed',
] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** The state a unit came back in, as staff saw it on receipt. */
export const RETURN_CONDITIONS = ['as_new', 'opened', 'damaged'] as const;
export type ReturnCondition = (typeof RETURN_CONDITIONS)[number];

/** The RMA shoppers and staff quote: the return's number with an R ("R1001"). */
export const rmaOf = (returnNumber: number) => `R${returnNumber}`;

const optionalNote = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .transform((v) => v || null)
    .nullish();

export const returnParams = z.object({ returnId: z.uuid('returnId must be a return id') });

/** POST …/returns: the lines, units and reasons the shopper sends back, and an optional note. */
export const requestReturnBody = z.object({
  items: z
    .array(
      z.object({
        order_item_id: z.uuid('order_item_id must be a line of the order'),
        quantity: z
          .number({ error: 'Quantity must be a number' })
          .int('Quantity must be a whole number')
          .min(1, 'Quantity must be at least 1')
          .max(10_000, 'Quantity is too large'),
        reason: z.enum(RETURN_REASONS, { error: 'Choose a reason from the list' }),
        /** Another variant of the same product, sent instead of money (an exchange). */
        exchange_variant_id: z.uuid('exchange_variant_id must be a variant of the product').optional(),
      }),
    )
    .min(1, 'Choose at least one item to return')
    .max(100, 'Too many lines in one return'),
  note: optionalNote('Note', 1000),
});
export type RequestReturnBody = z.input<typeof requestReturnBody>;

export const returnItem = z.object({
  id: z.uuid(),
  order_item_id: z.uuid(),
  product_name: z.string(),
  variant_title: z.string().nullable(),
  quantity: z.number().int(),
  reason: z.enum(RETURN_REASONS),
  condition: z.enum(RETURN_CONDITIONS).nullable(),
  restocked: z.boolean().nullable(),
  /** The variant asked for instead of money, and whether its units are held for it. */
  exchange: z
    .object({ variant_id: z.uuid(), title: z.string(), price: z.number().int(), reserved: z.boolean() })
    .nullable(),
});
export type ReturnItem = z.infer<typeof returnItem>;

/** A return as its shopper sees it. */
export const customerReturn = z.object({
  id: z.uuid(),
  rma: z.string(),
  status: z.enum(RETURN_STATUSES),
  note: z.string().nullable(),
  decline_reason: z.string().nullable(),
  created_at: z.string(),
  items: z.array(returnItem),
});
export type CustomerReturn = z.infer<typeof customerReturn>;

/** GET …/returns: what the shopper may still send back of each line, and their returns so far. */
export const orderReturns = z.object({
  window_days: z.number().int(),
  lines: z.array(
    z.object({
      order_item_id: z.uuid(),
      product_name: z.string(),
      variant_title: z.string().nullable(),
      /** Units delivered within the window, less those already asked for. */
      returnable_quantity: z.number().int(),
      /** Why none can go back: final sale, not delivered, window over, all asked for already. */
      not_returnable: z.enum(['final_sale', 'not_delivered', 'window_over', 'already_returned']).nullable(),
      /** The product's other variants in stock, which the line may be exchanged for. */
      exchange_variants: z.array(z.object({ id: z.uuid(), title: z.string(), price: z.number().int() })),
    }),
  ),
  returns: z.array(customerReturn),
});
export type OrderReturns = z.infer<typeof orderReturns>;

/** GET /api/admin/returns: newest first, or those of one status. */
export const adminReturnListQuery = z.object({ status: z.enum(RETURN_STATUSES).optional() });

export const adminReturnSummary = z.object({
  id: z.uuid(),
  rma: z.string(),
  status: z.enum(RETURN_STATUSES),
  order_id: z.uuid(),
  order_number: z.number().int(),
  customer_name: z.string(),
  customer_email: z.string().nullable(),
  item_count: z.number().int(),
  created_at: z.string(),
});
export type AdminReturnSummary = z.infer<typeof adminReturnSummary>;
export const adminReturnList = z.object({ items: z.array(adminReturnSummary) });
export type AdminReturnList = z.infer<typeof adminReturnList>;

/** GET /api/admin/returns/:returnId: the return with its lines, label and refund. */
export const adminReturnDetail = adminReturnSummary.extend({
  note: z.string().nullable(),
  decline_reason: z.string().nullable(),
  currency: z.string(),
  items: z.array(returnItem.extend({ price_per_item: z.number().int() })),
  label: z
    .object({
      carrier: z.string(),
      tracking_number: z.string().nullable(),
      external_url: z.string().nullable(),
    })
    .nullable(),
  refund: z.object({ id: z.uuid(), amount: z.number().int(), status: z.string() }).nullable(),
  refunded_to: z.enum(['original_payment', 'store_credit']).nullable(),
  /** Store credit needs the order to belong to an account. */
  has_account: z.boolean(),
  approved_at: z.string().nullable(),
  received_at: z.string().nullable(),
  refunded_at: z.string().nullable(),
});
export type AdminReturnDetail = z.infer<typeof adminReturnDetail>;

/** POST /api/admin/returns/:returnId/decline: the reason the shopper reads. */
export const declineReturnBody = z.object({
  reason: z
    .string({ error: 'Give a reason' })
    .trim()
    .min(1, 'Give a reason')
    .max(500, 'Reason must be at most 500 characters'),
});

/** POST /api/admin/returns/:returnId/receive: every line's condition and whether it goes back to stock. */
export const receiveReturnBody = z.object({
  items: z
    .array(
      z.object({
        return_item_id: z.uuid('return_item_id must be a line of the return'),
        condition: z.enum(RETURN_CONDITIONS, { error: 'Choose a condition' }),
        restock: z.boolean(),
      }),
    )
    .min(1, 'Say how each item came back')
    .max(100),
  /** Where restocked items go back to; absent: where the order took them from. */
  location_id: z.uuid('Choose a location').nullish(),
});
export type ReceiveReturnBody = z.infer<typeof receiveReturnBody>;

/** POST /api/admin/returns/:returnId/refund: back to the original payment, or as store credit. */
export const refundReturnBody = z.object({ to_store_credit: z.boolean().default(false) });

/** Where returns are sent: the address printed on the label. */
export const returnAddress = z.object({
  name: z.string().trim().min(1, 'Name is required').max(120),
  address_line_1: z.string().trim().min(1, 'Address is required').max(200),
  address_line_2: z.string().trim().max(200).nullish(),
  city: z.string().trim().min(1, 'City is required').max(100),
  state_province: z.string().trim().max(100).nullish(),
  postal_code: z.string().trim().min(1, 'Postal code is required').max(20),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'Country must be a 2-letter code such as US'),
});
export type ReturnAddress = z.infer<typeof returnAddress>;

/** GET/PUT /api/admin/settings/returns. */
export const returnSettings = z.object({
  window_days: z
    .number({ error: 'Return window must be a number of days' })
    .int('Return window must be whole days')
    .min(0, 'Return window cannot be negative')
    .max(365, 'Return window is at most 365 days'),
  address: returnAddress.nullable(),
});
export type ReturnSettings = z.infer<typeof returnSettings>;

/** GET/PUT /api/admin/products/:productId/final-sale. */
export const finalSaleBody = z.object({ final_sale: z.boolean() });
