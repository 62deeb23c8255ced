import { z } from 'zod';
import { customerFigures } from './customer-orders.ts';
import { orderListItem, pageLimitParam, pageParam, SORT_DIRECTIONS } from './orders.ts';

export const CUSTOMER_SORTS = [
  'created_at',
  'name',
  'email',
  'order_count',
  'total_spent',
  'last_order_at',
] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];

/** GET /api/admin/customers */
export const customerListQuery = z.object({
  search: z.string().trim().max(200, 'search must be at most 200 characters').optional(),
  /** Only customers with this tag (decision 0092). */
  tag: z.string().trim().max(40, 'tag must be at most 40 characters').optional(),
  sort: z
    .enum(CUSTOMER_SORTS, { error: `sort must be one of: ${CUSTOMER_SORTS.join(', ')}` })
    .default('created_at'),
  dir: z.enum(SORT_DIRECTIONS, { error: 'dir must be asc or desc' }).default('desc'),
  page: pageParam,
  limit: pageLimitParam,
});
export type CustomerListQuery = z.input<typeof customerListQuery>;

/**
 * A customer (a user whose role is customer, or a guest who bought) with their order figures, defined as the shopper's
 * account page has them (customerFigures): `order_count` counts the placed orders, `total_spent`
 * sums those paid and not cancelled; `last_order_at` is the newest placed order's date.
 */
export const customerListItem = z.object({
  id: z.uuid(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  /** False for a guest who bought without an account (decision 0081): found by their orders' email. */
  has_account: z.boolean(),
  created_at: z.string(),
  ...customerFigures.shape,
  last_order_at: z.string().nullable(),
});
export type CustomerListItem = z.infer<typeof customerListItem>;

export const customerList = z.object({
  items: z.array(customerListItem),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export type CustomerList = z.infer<typeof customerList>;

export const customerIdParams = z.object({ customerId: z.uuid('customerId must be a UUID') });

/** GET /api/admin/customers/:customerId: the profile, figures and every order, newest first. */
export const customerDetail = customerListItem.extend({
  email_verified: z.boolean(),
  /** False for an account staff made with an order (Point of Sale) whose owner has not chosen a password yet. */
  has_password: z.boolean(),
  avatar_url: z.string().nullable(),
  average_order: z.number().int(),
  tags: z.array(z.string()),
  orders: z.array(orderListItem),
});
export type CustomerDetail = z.infer<typeof customerDetail>;

/** POST /api/admin/customers/:customerId/invite: the email the invitation to choose a password went to. */
export const customerInvite = z.object({ sent_to: z.string() });
export type CustomerInvite = z.infer<typeof customerInvite>;
