import { z } from 'zod';
import { DISCOUNT_KINDS } from './pricing.ts';

/**
 * The back office's discounts (GET/POST /api/admin/discounts, GET/PUT/DELETE …/:discountId,
 * managers and admins). A discount with a code is entered by the shopper; one without a code is
 * automatic and applies to every cart it qualifies for. Amounts are integer cents, rates basis points.
 */
export const DISCOUNT_TARGETS = ['order', 'products'] as const;

/** Where a discount stands now: what the list's badge and filter show. */
export const DISCOUNT_STATUSES = ['active', 'scheduled', 'expired', 'used_up', 'disabled'] as const;
export type DiscountStatus = (typeof DISCOUNT_STATUSES)[number];

export const MAX_DISCOUNT_PRODUCTS = 500;
export const MAX_DISCOUNT_CATEGORIES = 200;
/** Codes are kept upper case; the shopper's entry is matched without regard to case. */
export const DISCOUNT_CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]{1,39}$/;

const cents = (label: string) =>
  z
    .number({ error: `${label} must be an amount` })
    .int(`${label} must be in whole cents`)
    .min(0, `${label} can't be negative`)
    .max(100_000_000, `${label} is too large`);

const count = (label: string, max: number) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .max(max, `${label} must be at most ${max}`);

const bps = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be in hundredths of a percent`)
    .min(1, `${label} must be more than 0%`)
    .max(10_000, `${label} must be at most 100%`);

const nullable = <T extends z.ZodType>(schema: T) =>
  schema.nullish().transform((value) => (value ?? null) as z.output<T> | null);

const dateTime = (label: string) =>
  z.iso
    .datetime({ offset: true, error: `${label} must be a date and time` })
    .nullish()
    .transform((value) => value ?? null);

const idList = (label: string, max: number) =>
  z
    .array(z.uuid(`Each ${label} must be a UUID`), { error: `${label}s must be a list` })
    .max(max, `At most ${max} ${label}s`)
    .default([]);

const discountFields = z.object({
  title: z
    .string({ error: 'Title is required' })
    .trim()
    .min(1, 'Title is required')
    .max(100, 'Title must be at most 100 characters'),
  /** null: an automatic discount. */
  code: z
    .string()
    .trim()
    .toUpperCase()
    .nullish()
    .transform((value) => (value ? value : null))
    .refine(
      (value) => value === null || DISCOUNT_CODE_PATTERN.test(value),
      'Code must be 2 to 40 letters, digits, - or _',
    ),
  kind: z.enum(DISCOUNT_KINDS, {
    error: 'Choose a percentage, a fixed amount, free shipping or buy X get Y',
  }),
  /** percentage / fixed_amount: off the whole order, or off the eligible products. */
  target: z.enum(DISCOUNT_TARGETS, { error: 'Choose the order or some products' }).default('order'),
  percent_bps: nullable(bps('Percentage')),
  /** fixed_amount: cents off (order: once; products: per eligible unit). */
  amount_cents: nullable(cents('Amount')),
  buy_quantity: nullable(count('Buy quantity', 1000)),
  get_quantity: nullable(count('Get quantity', 1000)),
  /** buy_x_get_y: how much off the free units; 10000 = free. */
  get_percent_bps: nullable(bps('Discount on the items they get')),
  /** Both empty: every product is eligible. */
  product_ids: idList('product', MAX_DISCOUNT_PRODUCTS),
  category_ids: idList('category', MAX_DISCOUNT_CATEGORIES),
  min_subtotal_cents: nullable(cents('Minimum subtotal')),
  min_quantity: nullable(count('Minimum quantity', 10_000)),
  starts_at: dateTime('Start'),
  ends_at: dateTime('End'),
  /** Total uses across all shoppers; null = unlimited. */
  usage_limit: nullable(count('Usage limit', 1_000_000)),
  /** One use per customer (signed-in account, or guest email). */
  once_per_customer: z.boolean({ error: 'Once per customer must be true or false' }).default(false),
  combinable: z.boolean({ error: 'Combinable must be true or false' }).default(false),
  is_active: z.boolean({ error: 'Active must be true or false' }).default(true),
});

/** POST and PUT body. Field errors carry the field's path, for the form. */
export const discountInput = discountFields.superRefine((d, ctx) => {
  const need = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (d.kind === 'percentage' && d.percent_bps === null) need('percent_bps', 'Percentage is required');
  if (d.kind === 'fixed_amount' && !d.amount_cents) need('amount_cents', 'Amount is required');
  if (d.kind === 'buy_x_get_y') {
    if (d.buy_quantity === null) need('buy_quantity', 'Buy quantity is required');
    if (d.get_quantity === null) need('get_quantity', 'Get quantity is required');
  }
  if (d.starts_at && d.ends_at && Date.parse(d.ends_at) <= Date.parse(d.starts_at)) {
    need('ends_at', 'End must be after the start');
  }
});
export type DiscountInput = z.input<typeof discountInput>;
export type DiscountInputParsed = z.output<typeof discountInput>;

export const discountParams = z.object({ discountId: z.uuid('discountId must be a UUID') });

/** GET /api/admin/discounts query. */
export const discountListQuery = z.object({
  q: z.string().trim().max(100, 'Search must be at most 100 characters').optional(),
  status: z.enum(DISCOUNT_STATUSES, { error: 'Unknown status' }).optional(),
});

export const discount = z.object({
  id: z.uuid(),
  title: z.string(),
  code: z.string().nullable(),
  kind: z.enum(DISCOUNT_KINDS),
  target: z.enum(DISCOUNT_TARGETS),
  percent_bps: z.number().nullable(),
  amount_cents: z.number().nullable(),
  /** The ISO 4217 code of amount_cents, min_subtotal_cents and amount_given: the base currency. */
  currency: z.string(),
  buy_quantity: z.number().nullable(),
  get_quantity: z.number().nullable(),
  get_percent_bps: z.number().nullable(),
  product_ids: z.array(z.string()),
  category_ids: z.array(z.string()),
  min_subtotal_cents: z.number().nullable(),
  min_quantity: z.number().nullable(),
  starts_at: z.string().nullable(),
  ends_at: z.string().nullable(),
  usage_limit: z.number().nullable(),
  once_per_customer: z.boolean(),
  combinable: z.boolean(),
  is_active: z.boolean(),
  /** Uses by paid orders. */
  times_used: z.number(),
  /** Uses held by checkouts not paid yet (given back if they expire or are cancelled). */
  times_held: z.number(),
  /** Σ of the discount's amounts on paid orders, cents. */
  amount_given: z.number(),
  status: z.enum(DISCOUNT_STATUSES),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Discount = z.infer<typeof discount>;

export const discountList = z.object({ items: z.array(discount) });
export type DiscountList = z.infer<typeof discountList>;

/**
 * Shopper-facing reasons a code cannot be used at all (before the cart is looked at), as the
 * checkout's `discount_code` field error; the API's error code is `discount_<key>`.
 */
export const DISCOUNT_CODE_ERRORS = {
  unknown_code: "This discount code doesn't exist",
  not_started: "This code isn't active yet",
  expired: 'This code has expired',
  used_up: 'This code has reached its usage limit',
  already_used: "You've already used this code",
  disabled: 'This code is no longer active',
} as const;
export type DiscountCodeError = keyof typeof DISCOUNT_CODE_ERRORS;
