import { z } from 'zod';
import { marketParam } from './catalog.ts';

// Wholesale customers: groups, their price lists, a customer's group and tax exemption, and the
// prices a signed-in member sees (docs/decisions/0093-wholesale-customers.md). Amounts are minor units.

const currencies = new Set(Intl.supportedValuesOf('currency'));

const name = z.string().trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters');

/** A customer group as the back office lists and edits it. */
export const customerGroup = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The least a member may order, in minor units of the base currency (converted in other markets). */
  min_order_amount: z.number().int().nullable(),
  /** Net payment terms: members' orders are placed unpaid and due by invoice within these days. */
  payment_terms_days: z.number().int().nullable(),
  member_count: z.number().int(),
  price_list_count: z.number().int(),
});
export type CustomerGroup = z.infer<typeof customerGroup>;

export const customerGroupList = z.object({ items: z.array(customerGroup), base_currency: z.string() });
export type CustomerGroupList = z.infer<typeof customerGroupList>;

export const customerGroupInput = z.object({
  name,
  min_order_amount: z
    .number()
    .int('Minimum order must be a whole amount')
    .positive('Minimum order must be more than 0')
    .max(1_000_000_000)
    .nullable(),
  payment_terms_days: z
    .number()
    .int('Payment terms must be whole days')
    .min(1, 'Payment terms must be 1 to 365 days')
    .max(365, 'Payment terms must be 1 to 365 days')
    .nullable(),
});
export type CustomerGroupInput = z.infer<typeof customerGroupInput>;

export const customerGroupParams = z.object({ groupId: z.uuid('groupId must be a UUID') });

/**
 * One price of a list: a fixed unit price in a currency for a product (and maybe one variant), or a
 * percentage off a product, a category or the whole catalog (none of the three), from min_quantity on.
 */
export const priceListEntry = z
  .object({
    product_id: z.uuid().nullable(),
    variant_id: z.uuid().nullable(),
    category_id: z.uuid().nullable(),
    min_quantity: z
      .number()
      .int('Minimum quantity must be a whole number')
      .min(1, 'Minimum quantity must be at least 1')
      .max(1_000_000),
    price: z
      .number()
      .int('Price must be in minor units')
      .min(0, 'Price cannot be negative')
      .max(1_000_000_000)
      .nullable(),
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .refine((c) => currencies.has(c), 'Currency must be an ISO 4217 code such as EUR')
      .nullable(),
    percent_off_bps: z
      .number()
      .int()
      .min(1, 'Percentage off must be more than 0')
      .max(10_000, 'Percentage off must be at most 100')
      .nullable(),
  })
  .superRefine((e, ctx) => {
    const fixed = e.price !== null;
    if (fixed === (e.percent_off_bps !== null)) {
      ctx.addIssue({
        code: 'custom',
        path: ['price'],
        message: 'Give either a fixed price or a percentage off',
      });
    }
    if (fixed && (e.currency === null || e.product_id === null)) {
      ctx.addIssue({
        code: 'custom',
        path: ['currency'],
        message: 'A fixed price needs a product and a currency',
      });
    }
    if (!fixed && e.currency !== null) {
      ctx.addIssue({ code: 'custom', path: ['currency'], message: 'A percentage off has no currency' });
    }
    if (e.variant_id !== null && e.product_id === null) {
      ctx.addIssue({ code: 'custom', path: ['variant_id'], message: 'A variant needs its product' });
    }
    if (e.category_id !== null && e.product_id !== null) {
      ctx.addIssue({
        code: 'custom',
        path: ['category_id'],
        message: 'Choose a product or a category, not both',
      });
    }
  });
export type PriceListEntry = z.infer<typeof priceListEntry>;

export const priceListInput = z.object({
  name,
  group_id: z.uuid('Choose a customer group'),
  entries: z.array(priceListEntry).max(2000),
});
export type PriceListInput = z.infer<typeof priceListInput>;

export const priceListSummary = z.object({
  id: z.uuid(),
  name: z.string(),
  group_id: z.uuid(),
  group_name: z.string(),
  entry_count: z.number().int(),
});
export type PriceListSummary = z.infer<typeof priceListSummary>;

export const priceListList = z.object({ items: z.array(priceListSummary) });

/** A price list with its entries, each named for the screen. */
export const priceList = priceListSummary.extend({
  entries: z.array(
    z.object({
      product_id: z.uuid().nullable(),
      variant_id: z.uuid().nullable(),
      category_id: z.uuid().nullable(),
      min_quantity: z.number().int(),
      price: z.number().int().nullable(),
      currency: z.string().nullable(),
      percent_off_bps: z.number().int().nullable(),
      /** "Canvas Tote (Blue)", "Category: Bags" or "Whole catalog". */
      label: z.string(),
    }),
  ),
});
export type PriceList = z.infer<typeof priceList>;

export const priceListParams = z.object({ priceListId: z.uuid('priceListId must be a UUID') });

/** A customer's wholesale standing: their group and tax exemption number. */
export const customerWholesale = z.object({
  customer_group_id: z.uuid().nullable(),
  tax_exemption_number: z.string().nullable(),
});
export type CustomerWholesale = z.infer<typeof customerWholesale>;

/** PUT /api/admin/customers/:customerId/wholesale: an empty exemption number is none. */
export const customerWholesaleInput = z.object({
  customer_group_id: z.uuid('Choose a customer group').nullable(),
  tax_exemption_number: z
    .string()
    .trim()
    .max(64, 'Exemption number must be at most 64 characters')
    .nullable()
    .transform((v) => v || null),
});

export const orderIdParams = z.object({ orderId: z.uuid('orderId must be a UUID') });

/** POST /api/admin/wholesale/orders/:orderId/paid: an invoice of an order on terms was paid. */
export const invoicePaidResult = z.object({
  id: z.uuid(),
  payment_status: z.string(),
  paid_at: z.string(),
});

/** GET /api/wholesale/prices?product_id=: a signed-in member's prices of one product. */
export const memberPricesQuery = z.object({
  product_id: z.uuid('product_id must be a UUID'),
  ...marketParam,
});

export const memberPrices = z.object({
  /** The member's group; null for a retail shopper or a guest (then `items` is empty). */
  group: z.object({ name: z.string() }).nullable(),
  currency: z.string(),
  /** Per variant (null: the product without variants): the unit price from each quantity on. */
  items: z.array(
    z.object({
      variant_id: z.uuid().nullable(),
      tiers: z.array(z.object({ min_quantity: z.number().int(), unit_price: z.number().int() })),
    }),
  ),
});
export type MemberPrices = z.infer<typeof memberPrices>;
