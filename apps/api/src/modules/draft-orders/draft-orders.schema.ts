import type { ShippingAddress } from '@cartwheel/shared/contracts/orders';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.schema.ts';
import { stockLocations } from '../locations/locations.schema.ts';
import { orders } from '../orders/orders.schema.ts';

/** A line of a draft: what staff picked. Prices are never stored here; they are read when priced. */
export interface DraftLine {
  product_id: string;
  variant_id: string | null;
  quantity: number;
}

/**
 * Orders staff build by hand (Point of Sale). A draft holds no stock. Marking it paid creates the
 * order (source 'pos'); sending a payment link creates a checkout (source 'draft') that `order_id`
 * points at. `version` goes up with every edit so that an edit made from an older one is refused.
 */
export const draftOrders = pgTable(
  'draft_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    draftNumber: integer('draft_number').notNull().unique().generatedAlwaysAsIdentity({ startWith: 1001 }),
    status: text('status', { enum: ['open', 'completed'] })
      .notNull()
      .default('open'),
    version: integer('version').notNull().default(1),
    lines: jsonb('lines').$type<DraftLine[]>().notNull().default([]),
    customerId: uuid('customer_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    shippingAddress: jsonb('shipping_address').$type<ShippingAddress>(),
    shippingMethodId: uuid('shipping_method_id'),
    /** Picked up (Point of Sale): no shipping address, no shipping method, no shipping charged. */
    pickup: boolean('pickup').notNull().default(false),
    /** The location a Point of Sale order sells from; null: allocated as an online order. */
    locationId: uuid('location_id').references(() => stockLocations.id, { onDelete: 'set null' }),
    discountCode: text('discount_code'),
    note: text('note'),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    check('draft_orders_status_check', sql`${t.status} IN ('open', 'completed')`),
    check('draft_orders_version_check', sql`${t.version} >= 1`),
    index('draft_orders_status_created_idx').on(t.status, t.createdAt.desc()),
    index('draft_orders_order_idx').on(t.orderId),
  ],
);
