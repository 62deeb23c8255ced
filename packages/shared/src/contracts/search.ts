import { z } from 'zod';
import { orderStatus } from './orders.ts';

/** At most this many hits per kind in the top-bar search. */
export const SEARCH_LIMIT = 5;

/** GET /api/admin/search?q= */
export const adminSearchQuery = z.object({
  q: z.string().trim().min(1, 'q is required').max(200, 'q must be at most 200 characters'),
});

export const adminSearchResults = z.object({
  products: z.array(
    z.object({
      id: z.uuid(),
      name: z.string(),
      sku: z.string(),
      is_visible: z.boolean(),
      image_url: z.string().nullable(),
    }),
  ),
  orders: z.array(
    z.object({
      id: z.uuid(),
      order_number: z.number().int(),
      status: orderStatus,
      total_amount: z.number().int(),
      currency: z.string(),
      customer_name: z.string(),
      customer_email: z.string().nullable(),
    }),
  ),
  customers: z.array(z.object({ id: z.uuid(), name: z.string(), email: z.string() })),
});
export type AdminSearchResults = z.infer<typeof adminSearchResults>;
