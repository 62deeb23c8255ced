import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/accounts.schema.ts';
import { products, productVariants } from '../catalog/catalog.schema.ts';

/** A place that holds stock: a warehouse, a shop or a pop-up (docs/decisions/0095-stock-locations.md). */
export const stockLocations = pgTable(
  'stock_locations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    kind: text('kind').notNull().default('warehouse'),
    addressLine1: text('address_line_1'),
    addressLine2: text('address_line_2'),
    city: text('city'),
    stateProvince: text('state_province'),
    postalCode: text('postal_code'),
    country: text('country'),
    /** Its stock counts in what the storefront sells. */
    servesOnline: boolean('serves_online').notNull().default(true),
    active: boolean('active').notNull().default(true),
    /** Where a new item's stock and the back office's single stock field land; always sells online. */
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('stock_locations_kind_check', sql`${t.kind} IN ('warehouse', 'shop', 'pop_up')`),
    check('stock_locations_default_check', sql`NOT ${t.isDefault} OR (${t.servesOnline} AND ${t.active})`),
    uniqueIndex('stock_locations_default_key').on(t.isDefault).where(sql`${t.isDefault}`),
    uniqueIndex('stock_locations_name_key').on(sql`lower(${t.name})`),
  ],
);

/** On-hand stock of one item (a variant, or a product without variants) at one location. */
export const stockLevels = pgTable(
  'stock_levels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    locationId: uuid('location_id')
      .notNull()
      .references(() => stockLocations.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    onHand: integer('on_hand').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('stock_levels_on_hand_check', sql`${t.onHand} >= 0`),
    uniqueIndex('stock_levels_item_key').on(t.locationId, sql`coalesce(${t.variantId}, ${t.productId})`),
    index('stock_levels_item_idx').on(sql`coalesce(${t.variantId}, ${t.productId})`),
    index('stock_levels_product_idx').on(t.productId),
  ],
);

/** The stock history: one row per change of a level, written by the stock_levels trigger. */
export const stockMoves = pgTable(
  'stock_moves',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The order moves were made in (clock readings can tie). */
    seq: bigint('seq', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    locationId: uuid('location_id')
      .notNull()
      .references(() => stockLocations.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    delta: integer('delta').notNull(),
    /** The level after the move. */
    onHand: integer('on_hand').notNull(),
    reason: text('reason').notNull(),
    /** The order, return or transfer that moved it. */
    referenceId: uuid('reference_id'),
    staffId: uuid('staff_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().default(sql`clock_timestamp()`),
  },
  (t) => [
    check(
      'stock_moves_reason_check',
      sql`${t.reason} IN ('sale', 'cancellation', 'return', 'edit', 'exchange',
    'fulfilment', 'transfer_out', 'transfer_in', 'count', 'adjustment')`,
    ),
    index('stock_moves_item_idx').on(sql`coalesce(${t.variantId}, ${t.productId})`, t.seq),
    index('stock_moves_reference_idx').on(t.referenceId).where(sql`${t.referenceId} IS NOT NULL`),
    index('stock_moves_location_idx').on(t.locationId),
  ],
);

/** Stock on its way from one location to another: draft, in transit (left the origin), received. */
export const stockTransfers = pgTable(
  'stock_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    originId: uuid('origin_id')
      .notNull()
      .references(() => stockLocations.id, { onDelete: 'restrict' }),
    destinationId: uuid('destination_id')
      .notNull()
      .references(() => stockLocations.id, { onDelete: 'restrict' }),
    status: text('status').notNull().default('draft'),
    note: text('note'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'stock_transfers_status_check',
      sql`${t.status} IN ('draft', 'in_transit', 'received', 'cancelled')`,
    ),
    check('stock_transfers_places_check', sql`${t.originId} <> ${t.destinationId}`),
    index('stock_transfers_status_idx').on(t.status, t.createdAt),
  ],
);

export const stockTransferLines = pgTable(
  'stock_transfer_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transferId: uuid('transfer_id')
      .notNull()
      .references(() => stockTransfers.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    check('stock_transfer_lines_quantity_check', sql`${t.quantity} > 0`),
    uniqueIndex('stock_transfer_lines_item_key').on(
      t.transferId,
      sql`coalesce(${t.variantId}, ${t.productId})`,
    ),
  ],
);
