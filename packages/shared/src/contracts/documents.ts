import { z } from 'zod';

// Printed documents (docs/decisions/0088-printed-documents.md): the seller's details and the number
// prefixes invoices and credit notes are issued with, and what an order has been issued.

/** Where the year goes in a prefix: `INV-{year}-` gives INV-2026-0001. */
export const YEAR_TOKEN = '{year}';

/** GET /api/admin/settings/documents: what invoices say about the seller, and how they are numbered. */
export const documentSettings = z.object({
  /** The seller's postal address as printed, one line per line. */
  address: z.string(),
  /** The VAT ID or other tax number printed on invoices; empty prints none. */
  tax_number: z.string(),
  invoice_prefix: z.string(),
  credit_note_prefix: z.string(),
});
export type DocumentSettings = z.infer<typeof documentSettings>;

const prefix = (label: string) =>
  z
    .string()
    .trim()
    .max(24, `${label} must be at most 24 characters`)
    .regex(/^(?:[A-Za-z0-9/_.-]|\{year\})*$/, `${label} may use letters, digits, - / _ . and {year} only`);

/** PATCH /api/admin/settings/documents: the fields sent change, the others stay. */
export const documentSettingsPatch = z
  .object({
    address: z.string().trim().max(500, 'Address must be at most 500 characters'),
    tax_number: z.string().trim().max(40, 'Tax number must be at most 40 characters'),
    invoice_prefix: prefix('Invoice prefix'),
    credit_note_prefix: prefix('Credit note prefix'),
  })
  .partial();
export type DocumentSettingsPatch = z.input<typeof documentSettingsPatch>;

/** GET /api/admin/documents/...?order_ids=a,b,c: the orders printed in one PDF, a page or more each. */
export const documentOrdersQuery = z.object({
  order_ids: z
    .string({ error: 'Select at least one order' })
    .transform((value) => value.split(',').filter(Boolean))
    .pipe(
      z
        .array(z.uuid('order_ids must be order ids'))
        .min(1, 'Select at least one order')
        .max(100, 'Print at most 100 orders at once'),
    ),
});

const issuedDocument = z.object({
  id: z.uuid(),
  number: z.string(),
  issued_at: z.string(),
  total_amount: z.number().int(),
  currency: z.string(),
});

/** GET /api/admin/orders/:orderId/documents: the order's invoice and credit notes, once issued. */
export const orderDocuments = z.object({
  invoice: issuedDocument.nullable(),
  credit_notes: z.array(issuedDocument.extend({ refund_id: z.uuid() })),
});
export type OrderDocuments = z.infer<typeof orderDocuments>;
