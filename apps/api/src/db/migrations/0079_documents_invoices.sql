-- Printed documents (docs/decisions/0088-printed-documents.md). Invoices and credit notes are numbered
-- from a counter row per series, taken under its row lock in the transaction that issues the document:
-- a rolled-back issue gives its number back, so a series has no gaps (a sequence would).
CREATE TABLE IF NOT EXISTS "document_counters" (
  "kind" text NOT NULL,
  "series" text NOT NULL,
  "last_value" integer NOT NULL,
  CONSTRAINT "document_counters_pkey" PRIMARY KEY ("kind", "series"),
  CONSTRAINT "document_counters_kind_check" CHECK ("kind" IN ('invoice', 'credit_note')),
  CONSTRAINT "document_counters_last_value_check" CHECK ("last_value" >= 1)
);
--> statement-breakpoint
-- One invoice per order, never changed: `document` is what it says, so a reprint is the same.
CREATE TABLE IF NOT EXISTS "invoices" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "order_id" uuid NOT NULL REFERENCES "orders"("id"),
  "series" text NOT NULL,
  "sequence" integer NOT NULL,
  "number" text NOT NULL,
  "issued_at" timestamp with time zone DEFAULT now() NOT NULL,
  "currency" text NOT NULL,
  "total_amount" integer NOT NULL,
  "tax_amount" integer NOT NULL,
  "tax_inclusive" boolean NOT NULL,
  "document" jsonb NOT NULL,
  CONSTRAINT "invoices_order_id_unique" UNIQUE ("order_id"),
  CONSTRAINT "invoices_number_unique" UNIQUE ("number"),
  CONSTRAINT "invoices_series_sequence_key" UNIQUE ("series", "sequence"),
  CONSTRAINT "invoices_sequence_check" CHECK ("sequence" >= 1)
);
--> statement-breakpoint
-- A refund's credit note, referring to the order's invoice.
CREATE TABLE IF NOT EXISTS "credit_notes" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "invoice_id" uuid NOT NULL REFERENCES "invoices"("id"),
  "refund_id" uuid NOT NULL REFERENCES "refunds"("id"),
  "series" text NOT NULL,
  "sequence" integer NOT NULL,
  "number" text NOT NULL,
  "issued_at" timestamp with time zone DEFAULT now() NOT NULL,
  "currency" text NOT NULL,
  "total_amount" integer NOT NULL,
  "tax_amount" integer NOT NULL,
  "document" jsonb NOT NULL,
  CONSTRAINT "credit_notes_refund_id_unique" UNIQUE ("refund_id"),
  CONSTRAINT "credit_notes_number_unique" UNIQUE ("number"),
  CONSTRAINT "credit_notes_series_sequence_key" UNIQUE ("series", "sequence"),
  CONSTRAINT "credit_notes_sequence_check" CHECK ("sequence" >= 1)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "credit_notes_invoice_idx" ON "credit_notes" ("invoice_id");
