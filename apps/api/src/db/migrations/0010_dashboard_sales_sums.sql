CREATE TABLE "order_sales_daily" (
	"day" date NOT NULL,
	"slot" smallint NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"subtotal_amount" bigint DEFAULT 0 NOT NULL,
	"shipping_amount" bigint DEFAULT 0 NOT NULL,
	"tax_amount" bigint DEFAULT 0 NOT NULL,
	"refunded_amount" bigint DEFAULT 0 NOT NULL,
	"sales_with_cost" bigint DEFAULT 0 NOT NULL,
	"cost_of_goods" bigint DEFAULT 0 NOT NULL,
	"items_sold" bigint DEFAULT 0 NOT NULL,
	"items_with_cost" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_sales_daily_day_slot_pk" PRIMARY KEY("day","slot")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "lines_refunded_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "lines_sales_with_cost" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "lines_cost_of_goods" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "lines_items_sold" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "lines_items_with_cost" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The dashboard's sales figures, kept up to date in the transaction that changes an order or its
-- lines (docs/decisions/0015-dashboard-sales-sums.md):
--   * orders.lines_*: each order's sums over its own lines, from the trigger on order_items;
--   * order_sales_daily: per UTC day (in 16 slots), the sums over the orders placed that day that are
--     paid and not cancelled, from the trigger on orders.
-- Triggers, not application code, so every writer keeps them exact: checkout, payment, the back
-- office's status, fulfil and cancel, the expiry sweep, seeds, imports and plain SQL. The migration
-- runs in one transaction that locks orders (ALTER TABLE) and order_items (CREATE TRIGGER) before it
-- adds up what is there, so no write slips between the backfill and the triggers.

-- An order's line sums. After each statement on order_items, the lines it added count +1 and the
-- lines it removed -1 (an update is both: its lines as they were and as they are); the difference
-- is added to each order concerned, and an order whose sums do not move (a fulfilment) is not
-- written. Deltas, never recounts: two transactions changing lines of one order both count, the
-- second adding to the row the first wrote. In bigint: a line's cost is not bounded by its price,
-- and a report must never make a checkout fail.
CREATE FUNCTION cartwheel_order_line_sums() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The same statement three times over, as each trigger sees only its own transition tables.
  IF TG_OP = 'INSERT' THEN
    UPDATE orders o
    SET lines_refunded_amount = o.lines_refunded_amount + d.refunded,
      lines_sales_with_cost = o.lines_sales_with_cost + d.sales_with_cost,
      lines_cost_of_goods = o.lines_cost_of_goods + d.cost_of_goods,
      lines_items_sold = o.lines_items_sold + d.items_sold,
      lines_items_with_cost = o.lines_items_with_cost + d.items_with_cost
    FROM (
      SELECT l.order_id,
        sum(l.sign * l.refunded_quantity::bigint * l.price_per_item) AS refunded,
        COALESCE(sum(l.sign * (l.quantity - l.refunded_quantity)::bigint * l.price_per_item)
          FILTER (WHERE l.cost_per_item IS NOT NULL), 0) AS sales_with_cost,
        COALESCE(sum(l.sign * (l.quantity - l.refunded_quantity)::bigint * l.cost_per_item), 0)
          AS cost_of_goods,
        sum(l.sign * (l.quantity - l.refunded_quantity)) AS items_sold,
        COALESCE(sum(l.sign * (l.quantity - l.refunded_quantity))
          FILTER (WHERE l.cost_per_item IS NOT NULL), 0) AS items_with_cost
      FROM (SELECT 1 AS sign, * FROM new_lines) l
      GROUP BY l.order_id
    ) d
    WHERE o.id = d.order_id
      AND (d.refunded, d.sales_with_cost, d.cost_of_goods, d.items_sold, d.items_with_cost)
        <> (0, 0, 0, 0, 0);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE orders o
    SET lines_refunded_amount = o.lines_refunded_amount + d.refunded,
      lines_sales_with_cost = o.lines_sales_with_cost + d.sales_with_cost,
      lines_cost_of_goods = o.lines_cost_of_goods + d.cost_of_goods,
      lines_items_sold = o.lines_items_sold + d.items_sold,
      lines_items_with_cost = o.lines_items_with_cost + d.items_with_cost
    FROM (
      SELECT l.order_id,
        sum(l.sign * l.refunded_quantity::bigint * l.price_per_item) AS refunded,
        COALESCE(sum(l.sign * (l.quantity - l.refunded_quantity)::bigint * l.price_per_item)
          FILTER (WHERE l.cost_per_item IS NOT NULL), 0) AS sales_with_cost,
        COALESCE(sum(l.sign * (l.quantity - l.refunded_quantity)::bigint * l.cost_per_item), 0)
          AS cost_of_goods,
        sum(l.sign * (l.quantity - l.refunded_quantity)) AS items_sold,
        COALESCE(sum(l.sign * (l.quantity - l.refunded_quantity))
          FILTER (WHERE l.cost_per_item IS NOT NULL), 0) AS items_with_cost
      FROM (SELECT -1 AS sign, * FROM old_lines) l
      GROUP BY l.order_id
    ) d
    WHERE o.id = d.order_id
      AND (d.refunded, d.sales_with_cost, d.cost_of_goods, d.items_sold, d.items_with_cost)
        <> (0, 0, 0, 0, 0);
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE orders o
    SET lines_refunded_amount = o.lines_refunded_amount + d.refunded,
      lines_sales_with_cost = o.lines_sales_with_cost + d.sales_with_cost,
      lines_cost_of_goods = o.lines_cost_of_goods + d.cost_of_goods,
      lines_items_sold = o.lines_items_sold + d.items_sold,
      lines_items_with_cost = o.lines_items_with_cost + d.items_with_cost
    FROM (
      SELECT l.order_id,
        sum(l.sign * l.refunded_quantity::bigint * l.price_per_item) AS refunded,
        COALESCE(sum(l.sign * (l.quantity - l.refunded_quantity)::bigint * l.price_per_item)
          FILTER (WHERE l.cost_per_item IS NOT NULL), 0) AS sales_with_cost,
        COALESCE(sum(l.sign * (l.quantity - l.refunded_quantity)::bigint * l.cost_per_item), 0)
          AS cost_of_goods,
        sum(l.sign * (l.quantity - l.refunded_quantity)) AS items_sold,
        COALESCE(sum(l.sign * (l.quantity - l.refunded_quantity))
          FILTER (WHERE l.cost_per_item IS NOT NULL), 0) AS items_with_cost
      FROM (SELECT 1 AS sign, * FROM new_lines UNION ALL SELECT -1, * FROM old_lines) l
      GROUP BY l.order_id
    ) d
    WHERE o.id = d.order_id
      AND (d.refunded, d.sales_with_cost, d.cost_of_goods, d.items_sold, d.items_with_cost)
        <> (0, 0, 0, 0, 0);
  ELSE -- TRUNCATE
    UPDATE orders SET lines_refunded_amount = 0, lines_sales_with_cost = 0, lines_cost_of_goods = 0,
      lines_items_sold = 0, lines_items_with_cost = 0
    WHERE (lines_refunded_amount, lines_sales_with_cost, lines_cost_of_goods, lines_items_sold,
      lines_items_with_cost) <> (0, 0, 0, 0, 0);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER order_items_line_sums_insert AFTER INSERT ON order_items
  REFERENCING NEW TABLE AS new_lines
  FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_order_line_sums();--> statement-breakpoint
CREATE TRIGGER order_items_line_sums_update AFTER UPDATE ON order_items
  REFERENCING OLD TABLE AS old_lines NEW TABLE AS new_lines
  FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_order_line_sums();--> statement-breakpoint
CREATE TRIGGER order_items_line_sums_delete AFTER DELETE ON order_items
  REFERENCING OLD TABLE AS old_lines
  FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_order_line_sums();--> statement-breakpoint
CREATE TRIGGER order_items_line_sums_truncate AFTER TRUNCATE ON order_items
  FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_order_line_sums();--> statement-breakpoint
-- A new order has no lines yet, so its sums are zero: sums copied in with an order (an import) would
-- be counted twice once its lines follow. Checked in the WHEN clause: free for the usual insert.
CREATE FUNCTION cartwheel_order_line_sums_start_at_zero() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.lines_refunded_amount := 0;
  NEW.lines_sales_with_cost := 0;
  NEW.lines_cost_of_goods := 0;
  NEW.lines_items_sold := 0;
  NEW.lines_items_with_cost := 0;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER orders_line_sums_start_at_zero BEFORE INSERT ON orders FOR EACH ROW
  WHEN ((NEW.lines_refunded_amount, NEW.lines_sales_with_cost, NEW.lines_cost_of_goods,
    NEW.lines_items_sold, NEW.lines_items_with_cost) <> (0, 0, 0, 0, 0))
  EXECUTE FUNCTION cartwheel_order_line_sums_start_at_zero();--> statement-breakpoint
UPDATE orders o
SET lines_refunded_amount = t.refunded, lines_sales_with_cost = t.sales_with_cost,
  lines_cost_of_goods = t.cost_of_goods, lines_items_sold = t.items_sold,
  lines_items_with_cost = t.items_with_cost
FROM (
  SELECT i.order_id,
    sum(i.refunded_quantity::bigint * i.price_per_item) AS refunded,
    COALESCE(sum((i.quantity - i.refunded_quantity)::bigint * i.price_per_item)
      FILTER (WHERE i.cost_per_item IS NOT NULL), 0) AS sales_with_cost,
    COALESCE(sum((i.quantity - i.refunded_quantity)::bigint * i.cost_per_item), 0) AS cost_of_goods,
    sum(i.quantity - i.refunded_quantity) AS items_sold,
    COALESCE(sum(i.quantity - i.refunded_quantity) FILTER (WHERE i.cost_per_item IS NOT NULL), 0)
      AS items_with_cost
  FROM order_items i GROUP BY i.order_id
) t
WHERE o.id = t.order_id;--> statement-breakpoint

-- The day sums: each order that counts as sold (paid, not cancelled) adds its figures to a row of the
-- UTC day it was placed on, the one of its slot (order_number % 16, so concurrent payments of one day
-- mostly lock different rows; a day is the sum of its slots). Per row, and only when that changes
-- (the WHEN clauses, checked without running the function): a payment adds, a cancellation of a paid
-- order takes away, a change of a sold order's amounts, line sums or date moves its figures. A
-- checkout's unpaid order, a fulfilment or a status between paid ones does not touch
-- order_sales_daily. Deltas, never recounts, so concurrent transactions add up.
CREATE FUNCTION cartwheel_order_sales_daily() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM order_sales_daily;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.payment_status = 'paid' AND OLD.status <> 'cancelled' THEN
    INSERT INTO order_sales_daily AS d (day, slot, orders, subtotal_amount, shipping_amount, tax_amount,
      refunded_amount, sales_with_cost, cost_of_goods, items_sold, items_with_cost)
    VALUES ((OLD.created_at AT TIME ZONE 'UTC')::date, OLD.order_number % 16, -1,
      -OLD.subtotal_amount, -OLD.shipping_amount, -OLD.tax_amount, -OLD.lines_refunded_amount,
      -OLD.lines_sales_with_cost, -OLD.lines_cost_of_goods, -OLD.lines_items_sold,
      -OLD.lines_items_with_cost)
    ON CONFLICT (day, slot) DO UPDATE SET orders = d.orders + EXCLUDED.orders,
      subtotal_amount = d.subtotal_amount + EXCLUDED.subtotal_amount,
      shipping_amount = d.shipping_amount + EXCLUDED.shipping_amount,
      tax_amount = d.tax_amount + EXCLUDED.tax_amount,
      refunded_amount = d.refunded_amount + EXCLUDED.refunded_amount,
      sales_with_cost = d.sales_with_cost + EXCLUDED.sales_with_cost,
      cost_of_goods = d.cost_of_goods + EXCLUDED.cost_of_goods,
      items_sold = d.items_sold + EXCLUDED.items_sold,
      items_with_cost = d.items_with_cost + EXCLUDED.items_with_cost;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.payment_status = 'paid' AND NEW.status <> 'cancelled' THEN
    INSERT INTO order_sales_daily AS d (day, slot, orders, subtotal_amount, shipping_amount, tax_amount,
      refunded_amount, sales_with_cost, cost_of_goods, items_sold, items_with_cost)
    VALUES ((NEW.created_at AT TIME ZONE 'UTC')::date, NEW.order_number % 16, 1,
      NEW.subtotal_amount, NEW.shipping_amount, NEW.tax_amount, NEW.lines_refunded_amount,
      NEW.lines_sales_with_cost, NEW.lines_cost_of_goods, NEW.lines_items_sold,
      NEW.lines_items_with_cost)
    ON CONFLICT (day, slot) DO UPDATE SET orders = d.orders + EXCLUDED.orders,
      subtotal_amount = d.subtotal_amount + EXCLUDED.subtotal_amount,
      shipping_amount = d.shipping_amount + EXCLUDED.shipping_amount,
      tax_amount = d.tax_amount + EXCLUDED.tax_amount,
      refunded_amount = d.refunded_amount + EXCLUDED.refunded_amount,
      sales_with_cost = d.sales_with_cost + EXCLUDED.sales_with_cost,
      cost_of_goods = d.cost_of_goods + EXCLUDED.cost_of_goods,
      items_sold = d.items_sold + EXCLUDED.items_sold,
      items_with_cost = d.items_with_cost + EXCLUDED.items_with_cost;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER orders_sales_daily_insert AFTER INSERT ON orders FOR EACH ROW
  WHEN (NEW.payment_status = 'paid' AND NEW.status <> 'cancelled')
  EXECUTE FUNCTION cartwheel_order_sales_daily();--> statement-breakpoint
CREATE TRIGGER orders_sales_daily_update AFTER UPDATE ON orders FOR EACH ROW
  WHEN ((OLD.payment_status = 'paid' AND OLD.status <> 'cancelled')
      IS DISTINCT FROM (NEW.payment_status = 'paid' AND NEW.status <> 'cancelled')
    OR (NEW.payment_status = 'paid' AND NEW.status <> 'cancelled'
      AND (OLD.created_at, OLD.subtotal_amount, OLD.shipping_amount, OLD.tax_amount,
        OLD.lines_refunded_amount, OLD.lines_sales_with_cost, OLD.lines_cost_of_goods,
        OLD.lines_items_sold, OLD.lines_items_with_cost)
      IS DISTINCT FROM (NEW.created_at, NEW.subtotal_amount, NEW.shipping_amount, NEW.tax_amount,
        NEW.lines_refunded_amount, NEW.lines_sales_with_cost, NEW.lines_cost_of_goods,
        NEW.lines_items_sold, NEW.lines_items_with_cost)))
  EXECUTE FUNCTION cartwheel_order_sales_daily();--> statement-breakpoint
CREATE TRIGGER orders_sales_daily_delete AFTER DELETE ON orders FOR EACH ROW
  WHEN (OLD.payment_status = 'paid' AND OLD.status <> 'cancelled')
  EXECUTE FUNCTION cartwheel_order_sales_daily();--> statement-breakpoint
CREATE TRIGGER orders_sales_daily_truncate AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_order_sales_daily();--> statement-breakpoint
INSERT INTO order_sales_daily (day, slot, orders, subtotal_amount, shipping_amount, tax_amount,
  refunded_amount, sales_with_cost, cost_of_goods, items_sold, items_with_cost)
SELECT (created_at AT TIME ZONE 'UTC')::date, order_number % 16, count(*), sum(subtotal_amount),
  sum(shipping_amount), sum(tax_amount), sum(lines_refunded_amount), sum(lines_sales_with_cost),
  sum(lines_cost_of_goods), sum(lines_items_sold), sum(lines_items_with_cost)
FROM orders WHERE payment_status = 'paid' AND status <> 'cancelled'
GROUP BY 1, 2;
