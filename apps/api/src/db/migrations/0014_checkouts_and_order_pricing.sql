-- An unpaid checkout is not an order: order_number is given when a checkout is paid. The column
-- keeps a default from its own sequence (rows written outside checkout, such as the demo shop's,
-- get one at once); checkout inserts NULL and takes the next number at payment.
DO $$
DECLARE
  last_number bigint := GREATEST(
    COALESCE(pg_sequence_last_value('orders_order_number_seq'), 1000),
    COALESCE((SELECT max(order_number) FROM orders), 1000));
BEGIN
  ALTER TABLE orders ALTER COLUMN order_number DROP IDENTITY;
  CREATE SEQUENCE orders_order_number_seq INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1001 CACHE 1;
  PERFORM setval('orders_order_number_seq', last_number, true);
END $$;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "order_number" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "order_number" SET DEFAULT nextval('orders_order_number_seq'::regclass);--> statement-breakpoint
-- Checkouts that were never paid lose the number they were given: no email ever showed it.
UPDATE orders SET order_number = NULL WHERE paid_at IS NULL AND payment_status IN ('unpaid', 'failed');--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "discount_codes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_inclusive" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_method_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_delivery_estimate" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "guest_checkout_key" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "marketing_opt_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_check" CHECK ("orders"."discount_amount" >= 0 AND "orders"."discount_amount" <= "orders"."subtotal_amount");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_total_check" CHECK ("orders"."total_amount" = "orders"."subtotal_amount" - "orders"."discount_amount" + "orders"."shipping_amount" + CASE WHEN "orders"."tax_inclusive" THEN 0 ELSE "orders"."tax_amount" END);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_number_check" CHECK ("orders"."order_number" IS NOT NULL OR "orders"."payment_status" IN ('unpaid', 'failed'));--> statement-breakpoint
CREATE INDEX "orders_guest_checkout_idx" ON "orders" USING btree ("guest_checkout_key") WHERE "orders"."guest_checkout_key" IS NOT NULL AND "orders"."status" = 'pending' AND "orders"."payment_status" = 'unpaid';--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "discount_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "tax_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_discount_check" CHECK ("order_items"."discount_amount" >= 0 AND "order_items"."tax_amount" >= 0);--> statement-breakpoint
CREATE TABLE "order_discounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"discount_id" uuid,
	"code" text,
	"title" text NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"shipping_amount" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_discounts_amounts_check" CHECK ("order_discounts"."amount" >= 0 AND "order_discounts"."shipping_amount" BETWEEN 0 AND "order_discounts"."amount")
);
--> statement-breakpoint
CREATE TABLE "order_tax_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"name" text NOT NULL,
	"rate_bps" integer NOT NULL,
	"amount" integer NOT NULL,
	"inclusive" boolean NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_tax_lines_amounts_check" CHECK ("order_tax_lines"."rate_bps" >= 0 AND "order_tax_lines"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_discounts" ADD CONSTRAINT "order_discounts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_tax_lines" ADD CONSTRAINT "order_tax_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_discounts_order_idx" ON "order_discounts" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_discounts_discount_idx" ON "order_discounts" USING btree ("discount_id");--> statement-breakpoint
CREATE INDEX "order_tax_lines_order_idx" ON "order_tax_lines" USING btree ("order_id");
--> statement-breakpoint
-- The dashboard's day sums also add up the discounts of the sold orders (net sales after discounts).
ALTER TABLE "order_sales_daily" ADD COLUMN "discount_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION cartwheel_order_sales_daily() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM order_sales_daily;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.payment_status = 'paid' AND OLD.status <> 'cancelled' THEN
    INSERT INTO order_sales_daily AS d (day, slot, orders, subtotal_amount, shipping_amount, tax_amount,
      discount_amount, refunded_amount, sales_with_cost, cost_of_goods, items_sold, items_with_cost)
    VALUES ((OLD.created_at AT TIME ZONE 'UTC')::date, OLD.order_number % 16, -1,
      -OLD.subtotal_amount, -OLD.shipping_amount, -OLD.tax_amount, -OLD.discount_amount, -OLD.lines_refunded_amount,
      -OLD.lines_sales_with_cost, -OLD.lines_cost_of_goods, -OLD.lines_items_sold,
      -OLD.lines_items_with_cost)
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
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.payment_status = 'paid' AND NEW.status <> 'cancelled' THEN
    INSERT INTO order_sales_daily AS d (day, slot, orders, subtotal_amount, shipping_amount, tax_amount,
      discount_amount, refunded_amount, sales_with_cost, cost_of_goods, items_sold, items_with_cost)
    VALUES ((NEW.created_at AT TIME ZONE 'UTC')::date, NEW.order_number % 16, 1,
      NEW.subtotal_amount, NEW.shipping_amount, NEW.tax_amount, NEW.discount_amount, NEW.lines_refunded_amount,
      NEW.lines_sales_with_cost, NEW.lines_cost_of_goods, NEW.lines_items_sold,
      NEW.lines_items_with_cost)
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
  RETURN NULL;
END $$;--> statement-breakpoint
DROP TRIGGER orders_sales_daily_update ON orders;--> statement-breakpoint
CREATE TRIGGER orders_sales_daily_update AFTER UPDATE ON orders FOR EACH ROW
  WHEN ((OLD.payment_status = 'paid' AND OLD.status <> 'cancelled')
      IS DISTINCT FROM (NEW.payment_status = 'paid' AND NEW.status <> 'cancelled')
    OR (NEW.payment_status = 'paid' AND NEW.status <> 'cancelled'
      AND (OLD.created_at, OLD.subtotal_amount, OLD.shipping_amount, OLD.tax_amount, OLD.discount_amount,
        OLD.lines_refunded_amount, OLD.lines_sales_with_cost, OLD.lines_cost_of_goods,
        OLD.lines_items_sold, OLD.lines_items_with_cost)
      IS DISTINCT FROM (NEW.created_at, NEW.subtotal_amount, NEW.shipping_amount, NEW.tax_amount, NEW.discount_amount,
        NEW.lines_refunded_amount, NEW.lines_sales_with_cost, NEW.lines_cost_of_goods,
        NEW.lines_items_sold, NEW.lines_items_with_cost)))
  EXECUTE FUNCTION cartwheel_order_sales_daily();
