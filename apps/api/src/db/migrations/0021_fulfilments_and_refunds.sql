-- Fulfilments with carriers and tracking numbers, refunds as records of their own, the local payment
-- provider's refunds, and the dashboard's refunds on the day they happen
-- (docs/decisions/0026-fulfilments-and-refunds.md).
ALTER TYPE "payment_status" ADD VALUE IF NOT EXISTS 'partially_refunded' AFTER 'paid';--> statement-breakpoint
CREATE TABLE "fulfilments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
	"carrier" text,
	"carrier_name" text,
	"tracking_number" text,
	"tracking_url" text,
	"created_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "fulfilments_tracking_check" CHECK (("carrier" IS NULL) = ("tracking_number" IS NULL))
);--> statement-breakpoint
CREATE INDEX "fulfilments_order_idx" ON "fulfilments" ("order_id", "created_at");--> statement-breakpoint
CREATE TABLE "fulfilment_lines" (
	"fulfilment_id" uuid NOT NULL REFERENCES "fulfilments"("id") ON DELETE cascade,
	"order_item_id" uuid NOT NULL REFERENCES "order_items"("id") ON DELETE cascade,
	"quantity" integer NOT NULL,
	CONSTRAINT "fulfilment_lines_fulfilment_id_order_item_id_pk" PRIMARY KEY ("fulfilment_id", "order_item_id"),
	CONSTRAINT "fulfilment_lines_quantity_check" CHECK ("quantity" >= 1)
);--> statement-breakpoint
CREATE INDEX "fulfilment_lines_item_idx" ON "fulfilment_lines" ("order_item_id");--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount" integer NOT NULL,
	"shipping_amount" integer DEFAULT 0 NOT NULL,
	"tax_amount" integer DEFAULT 0 NOT NULL,
	"reason" text NOT NULL,
	"restock" boolean DEFAULT false NOT NULL,
	"provider" text NOT NULL,
	"provider_refund_id" text,
	"failure" text,
	"created_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"succeeded_at" timestamp with time zone,
	-- Where the dashboard counted this refund (the UTC day it succeeded, the order's slot), or null
	-- while it is not counted. Written only by the triggers below.
	"sales_day" date,
	"sales_slot" smallint,
	CONSTRAINT "refunds_status_check" CHECK ("status" IN ('pending', 'succeeded', 'failed')),
	CONSTRAINT "refunds_amounts_check" CHECK ("amount" > 0 AND "shipping_amount" >= 0 AND "tax_amount" >= 0 AND "shipping_amount" + "tax_amount" <= "amount"),
	CONSTRAINT "refunds_succeeded_check" CHECK (("status" = 'succeeded') = ("succeeded_at" IS NOT NULL))
);--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" ("order_id");--> statement-breakpoint
CREATE INDEX "refunds_succeeded_idx" ON "refunds" ("succeeded_at") WHERE "status" = 'succeeded';--> statement-breakpoint
CREATE TABLE "refund_lines" (
	"refund_id" uuid NOT NULL REFERENCES "refunds"("id") ON DELETE cascade,
	"order_item_id" uuid NOT NULL REFERENCES "order_items"("id") ON DELETE cascade,
	"quantity" integer NOT NULL,
	"amount" integer NOT NULL,
	CONSTRAINT "refund_lines_refund_id_order_item_id_pk" PRIMARY KEY ("refund_id", "order_item_id"),
	CONSTRAINT "refund_lines_amounts_check" CHECK ("quantity" >= 1 AND "amount" >= 0)
);--> statement-breakpoint
CREATE INDEX "refund_lines_item_idx" ON "refund_lines" ("order_item_id");--> statement-breakpoint
CREATE TABLE "local_payment_refunds" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"id" text NOT NULL UNIQUE,
	"order_id" uuid NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
	"session_id" text,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "local_payment_refunds_amount_check" CHECK ("amount" > 0)
);--> statement-breakpoint

-- The day sums (0010) count an order as sold once it is paid, also when some or all of it was refunded
-- since (payment_status partially_refunded or refunded) and it was not cancelled: the sale stays on the
-- day it was placed, and each refund is taken off on the day it succeeded (the refunds trigger below).
-- Compared as text: an enum value added in this transaction cannot be used as a literal before it commits.
-- When an order stops being sold (cancelled), its counted refunds leave their days too, and come back
-- if it is sold again, so a cancelled order's refund is never taken off a sale that is not counted.
CREATE OR REPLACE FUNCTION cartwheel_order_sales_daily() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_sold boolean := TG_OP IN ('UPDATE', 'DELETE')
    AND OLD.payment_status::text IN ('paid', 'partially_refunded', 'refunded') AND OLD.status <> 'cancelled';
  is_sold boolean := TG_OP IN ('INSERT', 'UPDATE')
    AND NEW.payment_status::text IN ('paid', 'partially_refunded', 'refunded') AND NEW.status <> 'cancelled';
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM order_sales_daily;
    RETURN NULL;
  END IF;
  IF was_sold THEN
    INSERT INTO order_sales_daily AS d (day, slot, orders, subtotal_amount, shipping_amount, tax_amount,
      discount_amount, refunded_amount, sales_with_cost, cost_of_goods, items_sold, items_with_cost)
    VALUES ((OLD.created_at AT TIME ZONE 'UTC')::date, OLD.order_number % 16, -1,
      -OLD.subtotal_amount, -OLD.shipping_amount, -OLD.tax_amount, -OLD.discount_amount,
      -OLD.lines_refunded_amount, -OLD.lines_sales_with_cost, -OLD.lines_cost_of_goods,
      -OLD.lines_items_sold, -OLD.lines_items_with_cost)
    ON CONFLICT (day, slot) DO UPDATE SET orders = d.orders + EXCLUDED.orders,
      subtotal_amount = d.subtotal_amount + EXCLUDED.subtotal_amount,
      shipping_amount = d.shipping_amount + EXCLUDED.shipping_amount,
      tax_amount = d.tax_amount + EXCLUDED.tax_amount,
      discount_amount = d.discount_amount + EXCLUDED.discount_amount,
      refunded_amount = d.refunded_amount + EXCLUDED.refunded_amount,
      sales_with_cost = d.sales_with_cost + EXCLUDED.sales_with_cost,
      cost_of_goods = d.cost_of_goods + EXCLUDED.cost_of_goods,
      items_sold = d.items_sold + EXCLUDED.items_sold,
      items_with_cost = d.items_with_cost + EXCLUDED.items_with_cost;
  END IF;
  IF is_sold THEN
    INSERT INTO order_sales_daily AS d (day, slot, orders, subtotal_amount, shipping_amount, tax_amount,
      discount_amount, refunded_amount, sales_with_cost, cost_of_goods, items_sold, items_with_cost)
    VALUES ((NEW.created_at AT TIME ZONE 'UTC')::date, NEW.order_number % 16, 1,
      NEW.subtotal_amount, NEW.shipping_amount, NEW.tax_amount, NEW.discount_amount,
      NEW.lines_refunded_amount, NEW.lines_sales_with_cost, NEW.lines_cost_of_goods,
      NEW.lines_items_sold, NEW.lines_items_with_cost)
    ON CONFLICT (day, slot) DO UPDATE SET orders = d.orders + EXCLUDED.orders,
      subtotal_amount = d.subtotal_amount + EXCLUDED.subtotal_amount,
      shipping_amount = d.shipping_amount + EXCLUDED.shipping_amount,
      tax_amount = d.tax_amount + EXCLUDED.tax_amount,
      discount_amount = d.discount_amount + EXCLUDED.discount_amount,
      refunded_amount = d.refunded_amount + EXCLUDED.refunded_amount,
      sales_with_cost = d.sales_with_cost + EXCLUDED.sales_with_cost,
      cost_of_goods = d.cost_of_goods + EXCLUDED.cost_of_goods,
      items_sold = d.items_sold + EXCLUDED.items_sold,
      items_with_cost = d.items_with_cost + EXCLUDED.items_with_cost;
  END IF;
  IF was_sold AND NOT is_sold THEN
    -- Its counted refunds leave their days (the refunds trigger takes them off as it clears them).
    UPDATE refunds SET sales_day = NULL, sales_slot = NULL
    WHERE order_id = OLD.id AND sales_day IS NOT NULL;
  ELSIF is_sold AND NOT was_sold THEN
    -- Its succeeded refunds are counted again (the refunds trigger adds each one it finds uncounted).
    UPDATE refunds SET sales_day = NULL
    WHERE order_id = NEW.id AND status = 'succeeded' AND sales_day IS NULL;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER "orders_sales_daily_insert" ON "orders";--> statement-breakpoint
DROP TRIGGER "orders_sales_daily_update" ON "orders";--> statement-breakpoint
DROP TRIGGER "orders_sales_daily_delete" ON "orders";--> statement-breakpoint
CREATE TRIGGER orders_sales_daily_insert AFTER INSERT ON orders FOR EACH ROW
  WHEN (NEW.payment_status::text IN ('paid', 'partially_refunded', 'refunded') AND NEW.status <> 'cancelled')
  EXECUTE FUNCTION cartwheel_order_sales_daily();--> statement-breakpoint
CREATE TRIGGER orders_sales_daily_update AFTER UPDATE ON orders FOR EACH ROW
  WHEN ((OLD.payment_status::text IN ('paid', 'partially_refunded', 'refunded') AND OLD.status <> 'cancelled')
      IS DISTINCT FROM (NEW.payment_status::text IN ('paid', 'partially_refunded', 'refunded') AND NEW.status <> 'cancelled')
    OR (NEW.payment_status::text IN ('paid', 'partially_refunded', 'refunded') AND NEW.status <> 'cancelled'
      AND (OLD.created_at, OLD.order_number, OLD.subtotal_amount, OLD.shipping_amount, OLD.tax_amount,
        OLD.discount_amount, OLD.lines_refunded_amount, OLD.lines_sales_with_cost, OLD.lines_cost_of_goods,
        OLD.lines_items_sold, OLD.lines_items_with_cost)
      IS DISTINCT FROM (NEW.created_at, NEW.order_number, NEW.subtotal_amount, NEW.shipping_amount,
        NEW.tax_amount, NEW.discount_amount, NEW.lines_refunded_amount, NEW.lines_sales_with_cost,
        NEW.lines_cost_of_goods, NEW.lines_items_sold, NEW.lines_items_with_cost)))
  EXECUTE FUNCTION cartwheel_order_sales_daily();--> statement-breakpoint
CREATE TRIGGER orders_sales_daily_delete AFTER DELETE ON orders FOR EACH ROW
  WHEN (OLD.payment_status::text IN ('paid', 'partially_refunded', 'refunded') AND OLD.status <> 'cancelled')
  EXECUTE FUNCTION cartwheel_order_sales_daily();--> statement-breakpoint

-- A refund counts on the UTC day it succeeded, in its order's slot, for its goods (the amount less
-- its shipping and tax parts, as net sales leave shipping and tax out), while its order is sold. The
-- row remembers where it was counted (sales_day, sales_slot), so it is taken off exactly there when it
-- stops counting (its order cancelled, the refund deleted), even once the order is gone.
CREATE FUNCTION cartwheel_refund_sales_daily() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  order_slot smallint;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.sales_day IS NOT NULL
    AND (TG_OP = 'DELETE' OR NEW.sales_day IS NULL OR NEW.status <> 'succeeded') THEN
    INSERT INTO order_sales_daily AS d (day, slot, refunded_amount)
    VALUES (OLD.sales_day, OLD.sales_slot, -(OLD.amount - OLD.shipping_amount - OLD.tax_amount))
    ON CONFLICT (day, slot) DO UPDATE SET refunded_amount = d.refunded_amount + EXCLUDED.refunded_amount;
    IF TG_OP = 'DELETE' THEN
      RETURN OLD;
    END IF;
    NEW.sales_day := NULL;
    NEW.sales_slot := NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  IF NEW.status = 'succeeded' AND NEW.sales_day IS NULL THEN
    SELECT o.order_number % 16 INTO order_slot FROM orders o
    WHERE o.id = NEW.order_id AND o.order_number IS NOT NULL
      AND o.payment_status::text IN ('paid', 'partially_refunded', 'refunded') AND o.status <> 'cancelled';
    IF FOUND THEN
      NEW.sales_day := (NEW.succeeded_at AT TIME ZONE 'UTC')::date;
      NEW.sales_slot := order_slot;
      INSERT INTO order_sales_daily AS d (day, slot, refunded_amount)
      VALUES (NEW.sales_day, NEW.sales_slot, NEW.amount - NEW.shipping_amount - NEW.tax_amount)
      ON CONFLICT (day, slot) DO UPDATE SET refunded_amount = d.refunded_amount + EXCLUDED.refunded_amount;
    END IF;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER refunds_sales_daily BEFORE INSERT OR UPDATE OR DELETE ON refunds FOR EACH ROW
  EXECUTE FUNCTION cartwheel_refund_sales_daily();--> statement-breakpoint

-- The sold orders as the new rule counts them: the rollup is added up again from the orders.
DELETE FROM order_sales_daily;--> statement-breakpoint
INSERT INTO order_sales_daily (day, slot, orders, subtotal_amount, shipping_amount, tax_amount,
  discount_amount, refunded_amount, sales_with_cost, cost_of_goods, items_sold, items_with_cost)
SELECT (created_at AT TIME ZONE 'UTC')::date, order_number % 16, count(*), sum(subtotal_amount),
  sum(shipping_amount), sum(tax_amount), sum(discount_amount), sum(lines_refunded_amount),
  sum(lines_sales_with_cost), sum(lines_cost_of_goods), sum(lines_items_sold), sum(lines_items_with_cost)
FROM orders
WHERE payment_status::text IN ('paid', 'partially_refunded', 'refunded') AND status <> 'cancelled'
GROUP BY 1, 2;
