import { z } from 'zod';
import { addressFields, checkPlace, savedAddress } from './addresses.ts';
import { MAX_LINE_QUANTITY } from './cart.ts';
import { checkoutLine } from './checkout.ts';
import { pricedOrder, quoteShippingMethod } from './pricing.ts';

/** A draft holds at most this many lines. */
export const MAX_DRAFT_LINES = 100;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => (value ? value : null));

/** Where the draft ships: an address's fields (the customer's saved one copied, or a new one). */
export const draftAddress = addressFields.omit({ is_default: true }).superRefine(checkPlace);

/**
 * The body of POST /api/admin/draft-orders, PUT .../:draftId and POST .../quote: what staff picked.
 * Never a price: the server prices the lines from the database. A customer is an account
 * (`customer_id`) or a name and email.
 */
export const draftOrderBody = z.object({
  lines: z
    .array(checkoutLine.extend({ quantity: checkoutLine.shape.quantity.max(MAX_LINE_QUANTITY) }))
    .max(MAX_DRAFT_LINES, `A draft order holds at most ${MAX_DRAFT_LINES} lines`)
    .default([]),
  customer_id: z.uuid('customer_id must be a UUID').nullish().default(null),
  email: z
    .email('Enter a valid email address')
    .max(254, 'Email must be at most 254 characters')
    .nullish()
    .or(z.literal('').transform(() => null))
    .default(null),
  first_name: text('First name', 100),
  last_name: text('Last name', 100),
  shipping_address: draftAddress.nullish().default(null),
  shipping_method_id: z.uuid('Choose a shipping method').nullish().default(null),
  /** No shipping / picked up: the customer takes the goods (Point of Sale); no address nor method. */
  pickup: z.boolean({ error: 'pickup must be true or false' }).default(false),
  discount_code: text('Discount code', 64),
  note: text('Note', 2000),
});
export type DraftOrderBody = z.input<typeof draftOrderBody>;
export type DraftOrderInput = z.infer<typeof draftOrderBody>;

/** PUT /api/admin/draft-orders/:draftId: the whole draft, and the version it was edited from. */
export const draftOrderUpdateBody = draftOrderBody.extend({
  version: z.number({ error: 'version is required' }).int().min(1),
});

export const draftIdParams = z.object({ draftId: z.uuid('draftId must be a UUID') });
export const customerIdParams = z.object({ customerId: z.uuid('customerId must be a UUID') });

/** POST /api/admin/draft-orders/:draftId/mark-paid: paid in person, in cash or another way. */
export const DRAFT_PAYMENT_METHODS = ['cash', 'other'] as const;
export const markDraftPaidBody = z.object({
  payment_method: z.enum(DRAFT_PAYMENT_METHODS, { error: 'Choose cash or other' }),
  version: z.number({ error: 'version is required' }).int().min(1),
  /** The location the sale's units leave (the till's shop); absent: allocated as an online order. */
  location_id: z.uuid('Choose a location').nullish(),
});

/** The draft priced by the server now: its lines and totals, the destination's methods. */
export const draftQuote = z.object({
  priced: pricedOrder.nullable(),
  /** The ISO 4217 code of every amount in the answer (the base currency, decision 0066). */
  currency: z.string(),
  shipping_methods: z.array(quoteShippingMethod),
  /** Why the draft cannot be placed as it is ("Add a product", "Choose a shipping method"...), else null. */
  problem: z.string().nullable(),
  code_error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type DraftQuote = z.infer<typeof draftQuote>;

export const DRAFT_STATES = ['open', 'link_sent', 'completed'] as const;

export const draftLineView = z.object({
  product_id: z.uuid(),
  variant_id: z.uuid().nullable(),
  quantity: z.number().int(),
  product_name: z.string(),
  variant_title: z.string().nullable(),
  sku: z.string().nullable(),
  inventory_level: z.number().int().nullable(),
});

export const draftOrder = z.object({
  id: z.uuid(),
  draft_number: z.number().int(),
  /** open: editable; link_sent: a payment link is waiting to be paid; completed: an order exists. */
  state: z.enum(DRAFT_STATES),
  version: z.number().int(),
  lines: z.array(draftLineView),
  customer_id: z.uuid().nullable(),
  email: z.string().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  shipping_address: z
    .object({
      first_name: z.string(),
      last_name: z.string(),
      address_line_1: z.string(),
      address_line_2: z.string().nullable(),
      city: z.string(),
      state_province: z.string().nullable(),
      postal_code: z.string(),
      country: z.string(),
      phone: z.string().nullable(),
    })
    .nullable(),
  shipping_method_id: z.string().nullable(),
  pickup: z.boolean(),
  discount_code: z.string().nullable(),
  note: z.string().nullable(),
  order_id: z.uuid().nullable(),
  order_number: z.number().int().nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  quote: draftQuote,
});
export type DraftOrder = z.infer<typeof draftOrder>;

export const draftOrderSummary = z.object({
  id: z.uuid(),
  draft_number: z.number().int(),
  state: z.enum(DRAFT_STATES),
  customer: z.string(),
  lines: z.number().int(),
  order_id: z.uuid().nullable(),
  order_number: z.number().int().nullable(),
  created_by_name: z.string().nullable(),
  created_at: z.string(),
});
export const draftOrderList = z.object({ items: z.array(draftOrderSummary) });
export type DraftOrderList = z.infer<typeof draftOrderList>;

/** The answer to marking a draft paid or sending its link: the order (or checkout) it made. */
export const draftOrderPlaced = z.object({
  order_id: z.uuid(),
  order_number: z.number().int().nullable(),
  /** The payment link, when one was sent. */
  url: z.string().nullable(),
});

export const customerAddresses = z.object({ items: z.array(savedAddress) });
