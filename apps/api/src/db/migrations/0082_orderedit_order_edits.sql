-- Order edits (decision 0087): each committed edit of a placed order, with the totals before and
-- after, and the amount due (collected through a signed payment link) or refunded.
CREATE TABLE IF NOT EXISTS "order_edits" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "order_id" uuid NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
  "status" text DEFAULT 'committed' NOT NULL,
  "currency" text NOT NULL,
  "total_before" integer NOT NULL,
  "total_after" integer NOT NULL,
  "amount_due" integer DEFAULT 0 NOT NULL,
  "changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "payment_provider" text,
  "payment_session_id" text,
  "payment_url" text,
  "payment_reference" text,
  "created_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "paid_at" timestamp with time zone,
  CONSTRAINT "order_edits_status_check" CHECK ("status" IN ('committed', 'awaiting_payment', 'paid')),
  CONSTRAINT "order_edits_amounts_check" CHECK ("total_before" >= 0 AND "total_after" >= 0 AND "amount_due" >= 0),
  CONSTRAINT "order_edits_due_check" CHECK (("status" = 'committed') = ("amount_due" = 0)),
  CONSTRAINT "order_edits_paid_check" CHECK (("status" = 'paid') = ("paid_at" IS NOT NULL)),
  CONSTRAINT "order_edits_currency_check" CHECK ("currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "order_edits_order_idx" ON "order_edits" ("order_id", "created_at");
--> statement-breakpoint
-- At most one amount due per order waits for payment.
CREATE UNIQUE INDEX IF NOT EXISTS "order_edits_awaiting_idx" ON "order_edits" ("order_id") WHERE "status" = 'awaiting_payment';
--> statement-breakpoint
-- A refund of an edit's difference names its edit: it is not a refund of what the order still costs.
ALTER TABLE "refunds" ADD COLUMN IF NOT EXISTS "order_edit_id" uuid REFERENCES "order_edits"("id") ON DELETE SET NULL;
--> statement-breakpoint
-- The local provider returns to the success address it was given, as a hosted checkout does; null:
-- the order's receipt.
ALTER TABLE "payment_sessions" ADD COLUMN IF NOT EXISTS "success_url" text;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.cartwheel_refund_sales_daily()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  order_slot smallint;
  goods bigint;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.sales_day IS NOT NULL
    AND (TG_OP = 'DELETE' OR NEW.sales_day IS NULL OR NEW.status <> 'succeeded') THEN
    INSERT INTO order_sales_daily AS d (day, slot, refunded_amount)
    VALUES (OLD.sales_day, OLD.sales_slot, -OLD.sales_amount)
    ON CONFLICT (day, slot) DO UPDATE SET refunded_amount = d.refunded_amount + EXCLUDED.refunded_amount;
    IF TG_OP = 'DELETE' THEN
      RETURN OLD;
    END IF;
    NEW.sales_day := NULL;
    NEW.sales_slot := NULL;
    NEW.sales_amount := NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  IF NEW.status = 'succeeded' AND NEW.sales_day IS NULL AND NEW.order_edit_id IS NULL THEN
    SELECT o.order_number % 16, cartwheel_base_amount(NEW.amount, o.base_total_amount, o.total_amount)
        - cartwheel_base_amount(NEW.shipping_amount, o.base_shipping_amount, o.shipping_amount)
        - cartwheel_base_amount(NEW.tax_amount, o.base_tax_amount, o.tax_amount)
      INTO order_slot, goods FROM orders o
    WHERE o.id = NEW.order_id AND o.order_number IS NOT NULL
      AND o.payment_status::text IN ('paid', 'partially_refunded', 'refunded') AND o.status <> 'cancelled';
    IF FOUND THEN
      NEW.sales_day := (NEW.succeeded_at AT TIME ZONE 'UTC')::date;
      NEW.sales_slot := order_slot;
      NEW.sales_amount := goods;
      INSERT INTO order_sales_daily AS d (day, slot, refunded_amount)
      VALUES (NEW.sales_day, NEW.sales_slot, goods)
      ON CONFLICT (day, slot) DO UPDATE SET refunded_amount = d.refunded_amount + EXCLUDED.refunded_amount;
    END IF;
  END IF;
  RETURN NEW;
END $function$;
