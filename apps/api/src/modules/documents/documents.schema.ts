import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { refunds } from '../orders/after-sale.schema.ts';
import { orders } from '../orders/orders.schema.ts';
import type { CreditNoteSnapshot, InvoiceSnapshot } from './document-snapshot.ts';

/**
 * The last number given in each series of invoices and credit notes. A series is the prefix the number
 * was issued under (`INV-2026-`): each series counts 1, 2, 3... without gaps, because the number is
 * taken under this row's lock in the transaction that stores the document (a rollback gives it back).
 */
export const documentCounters = pgTable(
  'document_counters',
  {
    kind: text('kind', { enum: ['invoice', 'credit_note'] }).notNull(),
    series: text('series').notNull(),
    lastValue: integer('last_value').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.series] }),
    check('document_counters_kind_check', sql`${t.kind} IN ('invoice', 'credit_note')`),
    check('document_counters_last_value_check', sql`${t.lastValue} >= 1`),
  ],
);

/**
 * An order's invoice, issued once (on its first request, when the order is paid) and never changed:
 * `document` is what it says (seller, buyer, lines, taxes, language), so a reprint is the same.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .unique()
      .references(() => orders.id),
    series: text('series').notNull(),
    sequence: integer('sequence').notNull(),
    /** The series and the sequence as printed: `INV-2026-0001`. */
    number: text('number').notNull().unique(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    currency: text('currency').notNull(),
    totalAmount: integer('total_amount').notNull(),
    taxAmount: integer('tax_amount').notNull(),
    taxInclusive: boolean('tax_inclusive').notNull(),
    document: jsonb('document').$type<InvoiceSnapshot>().notNull(),
  },
  (t) => [
    unique('invoices_series_sequence_key').on(t.series, t.sequence),
    check('invoices_sequence_check', sql`${t.sequence} >= 1`),
  ],
);

/** A refund's credit note: what the refund gave back, referring to the order's invoice. */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    refundId: uuid('refund_id')
      .notNull()
      .unique()
      .references(() => refunds.id),
    series: text('series').notNull(),
    sequence: integer('sequence').notNull(),
    number: text('number').notNull().unique(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    currency: text('currency').notNull(),
    totalAmount: integer('total_amount').notNull(),
    taxAmount: integer('tax_amount').notNull(),
    document: jsonb('document').$type<CreditNoteSnapshot>().notNull(),
  },
  (t) => [
    unique('credit_notes_series_sequence_key').on(t.series, t.sequence),
    check('credit_notes_sequence_check', sql`${t.sequence} >= 1`),
    index('credit_notes_invoice_idx').on(t.invoiceId),
  ],
);
