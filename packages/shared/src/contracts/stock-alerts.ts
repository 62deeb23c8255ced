import { z } from 'zod';

/** POST /api/stock-alerts: "Email me when it's back" on a sold-out product or variant. */
export const stockAlertBody = z.object({
  product_id: z.uuid('product_id must be a product id'),
  variant_id: z.uuid('variant_id must be a variant id').nullable().default(null),
  /** Required when signed out; a signed-in shopper's own address is used when left out. */
  email: z.email('Enter a valid email address').max(254, 'Enter a valid email address').optional(),
});
export type StockAlertBody = z.input<typeof stockAlertBody>;

export const stockAlertResult = z.object({
  /** The address that will be emailed. */
  email: z.string(),
});
export type StockAlertResult = z.infer<typeof stockAlertResult>;

/** One item in the back office's "Waiting for stock": how many wait and since when. */
export const waitingItem = z.object({
  product_id: z.uuid(),
  variant_id: z.uuid().nullable(),
  product_name: z.string(),
  variant_title: z.string().nullable(),
  sku: z.string(),
  inventory_level: z.number().int(),
  waiting: z.number().int(),
  oldest_at: z.string(),
});
export type WaitingItem = z.infer<typeof waitingItem>;

/** GET /api/admin/stock-alerts: items with shoppers waiting, most waited-for first. */
export const waitingList = z.object({ items: z.array(waitingItem) });
export type WaitingList = z.infer<typeof waitingList>;

export const waitingQuery = z.object({
  product_id: z.uuid('product_id must be a product id'),
  variant_id: z.uuid('variant_id must be a variant id').optional(),
});

/** GET /api/admin/stock-alerts/subscribers: who waits for one item, in the order they asked. */
export const waitingSubscribers = z.object({
  items: z.array(
    z.object({
      id: z.uuid(),
      email: z.string(),
      customer_id: z.uuid().nullable(),
      created_at: z.string(),
    }),
  ),
});
export type WaitingSubscribers = z.infer<typeof waitingSubscribers>;
