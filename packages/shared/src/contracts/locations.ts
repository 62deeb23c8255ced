import { z } from 'zod';

// Stock locations, stock per location, transfers between them and the stock history
// (docs/decisions/0095-stock-locations.md).

export const LOCATION_KINDS = ['warehouse', 'shop', 'pop_up'] as const;
export type LocationKind = (typeof LOCATION_KINDS)[number];

export const STOCK_REASONS = [
  'sale',
  'cancellation',
  'return',
  'edit',
  'exchange',
  'fulfilment',
  'transfer_out',
  'transfer_in',
  'count',
  'adjustment',
] as const;

export const TRANSFER_STATUSES = ['draft', 'in_transit', 'received', 'cancelled'] as const;

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullable()
    .transform((v) => (v ? v : null));

/** A location as the back office lists and edits it. */
export const stockLocation = z.object({
  id: z.uuid(),
  name: z.string(),
  kind: z.enum(LOCATION_KINDS),
  address_line_1: z.string().nullable(),
  address_line_2: z.string().nullable(),
  city: z.string().nullable(),
  state_province: z.string().nullable(),
  postal_code: z.string().nullable(),
  country: z.string().nullable(),
  /** Its stock counts in what the storefront sells. */
  serves_online: z.boolean(),
  active: z.boolean(),
  is_default: z.boolean(),
  /** Units on hand there, all items. */
  on_hand: z.number().int(),
  /** Units on their way there in transfers. */
  incoming: z.number().int(),
});
export type StockLocation = z.infer<typeof stockLocation>;

export const stockLocationList = z.object({ items: z.array(stockLocation) });

export const stockLocationInput = z.object({
  name: z.string().trim().min(1, 'Name is required').max(100, 'Name must be at most 100 characters'),
  kind: z.enum(LOCATION_KINDS, { error: 'Choose warehouse, shop or pop-up' }),
  address_line_1: optionalText('Address', 200),
  address_line_2: optionalText('Address line 2', 200),
  city: optionalText('City', 100),
  state_province: optionalText('State or province', 100),
  postal_code: optionalText('Postal code', 20),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'Country must be a two-letter code')
    .nullable(),
  serves_online: z.boolean(),
  active: z.boolean(),
});
export type StockLocationInput = z.infer<typeof stockLocationInput>;

export const locationParams = z.object({ locationId: z.uuid('locationId must be a UUID') });

/** An item: a variant, or a product without variants. */
const itemRef = z
  .object({ variant_id: z.uuid('variant_id must be a UUID').nullable(), product_id: z.uuid().nullable() })
  .refine((i) => i.variant_id !== null || i.product_id !== null, 'Give a variant or a product');

/** One item's stock at each location. */
export const itemStock = z.object({
  product_id: z.uuid(),
  variant_id: z.uuid().nullable(),
  label: z.string(),
  sku: z.string().nullable(),
  /** What the storefront sells: the on-hand stock of the locations that serve online orders. */
  sellable: z.number().int(),
  locations: z.array(
    z.object({
      location_id: z.uuid(),
      location_name: z.string(),
      on_hand: z.number().int(),
      incoming: z.number().int(),
    }),
  ),
});
export type ItemStock = z.infer<typeof itemStock>;

export const productStock = z.object({ items: z.array(itemStock) });
export type ProductStock = z.infer<typeof productStock>;

/** PUT /api/admin/stock/levels: a count sets what is on hand of an item at a location. */
export const stockCountInput = itemRef.and(
  z.object({
    location_id: z.uuid('Choose a location'),
    on_hand: z
      .number()
      .int('Stock must be a whole number')
      .min(0, 'Stock cannot be negative')
      .max(1_000_000, 'Stock must be at most 1,000,000'),
  }),
);
export type StockCountInput = z.infer<typeof stockCountInput>;

export const stockMove = z.object({
  id: z.uuid(),
  location_id: z.uuid(),
  location_name: z.string(),
  delta: z.number().int(),
  on_hand: z.number().int(),
  reason: z.enum(STOCK_REASONS),
  reference_id: z.uuid().nullable(),
  staff_name: z.string().nullable(),
  created_at: z.string(),
});
export type StockMove = z.infer<typeof stockMove>;

export const stockHistoryQuery = z.object({
  variant_id: z.uuid('variant_id must be a UUID').optional(),
  product_id: z.uuid('product_id must be a UUID').optional(),
  location_id: z.uuid('location_id must be a UUID').optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const stockHistory = z.object({ items: z.array(stockMove) });

export const transferLine = z.object({
  product_id: z.uuid(),
  variant_id: z.uuid().nullable(),
  label: z.string(),
  sku: z.string().nullable(),
  quantity: z.number().int(),
});

export const stockTransfer = z.object({
  id: z.uuid(),
  origin_id: z.uuid(),
  origin_name: z.string(),
  destination_id: z.uuid(),
  destination_name: z.string(),
  status: z.enum(TRANSFER_STATUSES),
  note: z.string().nullable(),
  lines: z.array(transferLine),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  received_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
});
export type StockTransfer = z.infer<typeof stockTransfer>;

export const stockTransferList = z.object({ items: z.array(stockTransfer) });

export const stockTransferInput = z
  .object({
    origin_id: z.uuid('Choose where it leaves from'),
    destination_id: z.uuid('Choose where it goes'),
    note: optionalText('Note', 500),
    lines: z
      .array(
        itemRef.and(
          z.object({
            quantity: z
              .number()
              .int('Quantity must be a whole number')
              .min(1, 'Quantity must be at least 1')
              .max(100_000, 'Quantity must be at most 100,000'),
          }),
        ),
      )
      .min(1, 'Add at least one item')
      .max(200, 'At most 200 items per transfer'),
  })
  .refine((t) => t.origin_id !== t.destination_id, {
    message: 'Choose two different locations',
    path: ['destination_id'],
  });
export type StockTransferInput = z.infer<typeof stockTransferInput>;

export const transferParams = z.object({ transferId: z.uuid('transferId must be a UUID') });
