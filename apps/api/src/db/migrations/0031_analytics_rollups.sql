-- The analytics screen's top products and categories, and its new and returning buyers, read from
-- sums kept by triggers in the transaction that changes an order or its lines, as the dashboard's day
-- sums are (docs/decisions/0032-analytics-rollups.md, after 0015):
--   * order_product_sales: per UTC day, and again per UTC month, and per product (and the name its
--     lines carried), the lines, units and net sales of the orders placed then that count as sold (a
--     year is read as its months and the days at either end: ~36,000 rows at 2,000 products, not
--     ~185,000 days);
--   * buyer_first_orders: per buyer (the account, or a guest's lower-cased email) the time of their
--     first order that counts as sold.
-- An order counts as sold as for the dashboard: paid, partially refunded or refunded, not cancelled.
-- A line's figures are the ones the screen has always shown: units quantity - refunded_quantity, net
-- sales total_amount - discount_amount - refunded_quantity * price_per_item. Lines without a product
-- (deleted since) are not counted. Deltas, never recounts: two transactions adding to one row both count.
CREATE TABLE "order_product_sales" (
	"grain" text NOT NULL,
	"period_start" date NOT NULL,
	"product_id" uuid NOT NULL,
	"product_name" text NOT NULL,
	"lines" integer DEFAULT 0 NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	"net_sales" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_product_sales_pk" PRIMARY KEY ("grain", "period_start", "product_id", "product_name"),
	CONSTRAINT "order_product_sales_grain_check" CHECK ("grain" IN ('day', 'month'))
);--> statement-breakpoint
CREATE TABLE "buyer_first_orders" (
	"buyer" text PRIMARY KEY NOT NULL,
	"first_order_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE INDEX "buyer_first_orders_first_idx" ON "buyer_first_orders" ("first_order_at");--> statement-breakpoint
-- The buyers of a range: the sold orders placed in it, read from the index alone. Sold is written with
-- the older values (a predicate may not cast the enum to text, and on a shop that migrates across 0021
-- and this migration at once its new value cannot be named yet): checkouts, unpaid, are not in it, so
-- a checkout's insert and updates do not write to it.
CREATE INDEX "orders_sold_buyers_idx" ON "orders" ("created_at")
  INCLUDE ("payment_status", "customer_id", "customer_email")
  WHERE "payment_status" NOT IN ('unpaid', 'failed') AND "status" <> 'cancelled';--> statement-breakpoint
-- A guest's first sold order again, when the one counted as first stops counting.
CREATE INDEX "orders_sold_guest_email_idx" ON "orders" (lower("customer_email"), "created_at")
  WHERE "customer_id" IS NULL AND "payment_status" NOT IN ('unpaid', 'failed') AND "status" <> 'cancelled';--> statement-breakpoint

-- The lines a statement changed, of orders that count as sold: the difference (its new lines +1, its
-- old lines -1; an update is both) is added to the day and the month of each line's order. A statement whose lines'
-- figures do not move (a fulfilment) reads no order and writes nothing; a checkout's lines belong to
-- an unpaid order and add nothing (the payment adds them: the trigger on orders below). Lines of an
-- existing order change outside checkout only by plain SQL; the trigger on order_items of 0010 updates
-- the order row first whenever the units or refunds move, so a concurrent payment of that order is
-- waited for and seen.
CREATE FUNCTION cartwheel_add_product_lines(added order_items[], removed order_items[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO order_product_sales AS d (grain, period_start, product_id, product_name, lines, units, net_sales)
  SELECT g.grain, date_trunc(g.grain, o.created_at AT TIME ZONE 'UTC')::date, c.product_id, c.product_name,
    sum(c.lines), sum(c.units), sum(c.net_sales)
  FROM (
    SELECT l.order_id, l.product_id, l.product_name, sum(l.sign) AS lines,
      sum(l.sign * (l.quantity - l.refunded_quantity)) AS units,
      sum(l.sign * (l.total_amount - l.discount_amount - l.refunded_quantity::bigint * l.price_per_item))
        AS net_sales
    FROM (SELECT 1 AS sign, * FROM unnest(added) UNION ALL SELECT -1, * FROM unnest(removed)) l
    WHERE l.product_id IS NOT NULL
    GROUP BY 1, 2, 3
    HAVING (sum(l.sign), sum(l.sign * (l.quantity - l.refunded_quantity)),
      sum(l.sign * (l.total_amount - l.discount_amount - l.refunded_quantity::bigint * l.price_per_item)))
      <> (0, 0, 0)
  ) c
  JOIN orders o ON o.id = c.order_id
  CROSS JOIN (VALUES ('day'), ('month')) g (grain)
  WHERE o.payment_status::text IN ('paid', 'partially_refunded', 'refunded') AND o.status <> 'cancelled'
  GROUP BY 1, 2, 3, 4
  -- In key order, so two statements adding to the same rows lock them in the same order.
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (grain, period_start, product_id, product_name) DO UPDATE SET lines = d.lines + EXCLUDED.lines,
    units = d.units + EXCLUDED.units, net_sales = d.net_sales + EXCLUDED.net_sales;
END $$;--> statement-breakpoint
-- Each trigger sees only its own transition tables: each passes them on as arrays.
CREATE FUNCTION cartwheel_order_product_lines() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM cartwheel_add_product_lines(ARRAY(SELECT n::order_items FROM new_lines n), NULL);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM cartwheel_add_product_lines(NULL, ARRAY(SELECT o::order_items FROM old_lines o));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM cartwheel_add_product_lines(ARRAY(SELECT n::order_items FROM new_lines n), ARRAY(SELECT o::order_items FROM old_lines o));
  ELSE -- TRUNCATE
    DELETE FROM order_product_sales;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER order_items_product_sales_insert AFTER INSERT ON order_items
  REFERENCING NEW TABLE AS new_lines
  FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_order_product_lines();--> statement-breakpoint
CREATE TRIGGER order_items_product_sales_update AFTER UPDATE ON order_items
  REFERENCING OLD TABLE AS old_lines NEW TABLE AS new_lines
  FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_order_product_lines();--> statement-breakpoint
CREATE TRIGGER order_items_product_sales_delete AFTER DELETE ON order_items
  REFERENCING OLD TABLE AS old_lines
  FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_order_product_lines();--> statement-breakpoint
CREATE TRIGGER order_items_product_sales_truncate AFTER TRUNCATE ON order_items
  FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_order_product_lines();--> statement-breakpoint

-- An order that starts or stops counting as sold, or a sold order that moves (its time, its buyer):
-- its lines leave the day and month it was counted in and join its new ones (one upsert per product
-- and grain), and its
-- buyer's first sold order is moved earlier, or looked for again when the order that was first stops
-- counting. A new order has no lines yet (its lines refer to it): the trigger on order_items counts
-- them, also when they are inserted in the same statement. One statement that both changes whether
-- an order counts and changes its lines (a WITH of two updates) would count the lines' change twice;
-- no code does that. Per row, only when that changes (the WHEN clauses, checked without running the function):
-- a checkout's unpaid order, a fulfilment and a status between paid ones do not run it. Deletes run
-- before the row goes, while its lines are still there (the cascade to order_items runs first among
-- the AFTER triggers, and would leave nothing to take away).
CREATE FUNCTION cartwheel_order_analytics() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  was_sold boolean := TG_OP IN ('UPDATE', 'DELETE')
    AND OLD.payment_status::text IN ('paid', 'partially_refunded', 'refunded') AND OLD.status <> 'cancelled';
  is_sold boolean := TG_OP IN ('INSERT', 'UPDATE')
    AND NEW.payment_status::text IN ('paid', 'partially_refunded', 'refunded') AND NEW.status <> 'cancelled';
  old_buyer text;
  new_buyer text;
  first_at timestamptz;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM order_product_sales;
    DELETE FROM buyer_first_orders;
    RETURN NULL;
  END IF;
  IF was_sold THEN
    old_buyer := COALESCE(OLD.customer_id::text, lower(OLD.customer_email));
  END IF;
  IF is_sold THEN
    new_buyer := COALESCE(NEW.customer_id::text, lower(NEW.customer_email));
  END IF;

  INSERT INTO order_product_sales AS d (grain, period_start, product_id, product_name, lines, units, net_sales)
  SELECT g.grain, date_trunc(g.grain, c.placed AT TIME ZONE 'UTC')::date, c.product_id, c.product_name,
    sum(c.sign), sum(c.sign * c.units), sum(c.sign * c.net_sales)
  FROM (
    SELECT OLD.created_at AS placed, -1 AS sign, i.product_id, i.product_name,
      i.quantity - i.refunded_quantity AS units,
      i.total_amount - i.discount_amount - i.refunded_quantity::bigint * i.price_per_item AS net_sales
    FROM order_items i WHERE was_sold AND i.order_id = OLD.id AND i.product_id IS NOT NULL
    UNION ALL
    SELECT NEW.created_at, 1, i.product_id, i.product_name, i.quantity - i.refunded_quantity,
      i.total_amount - i.discount_amount - i.refunded_quantity::bigint * i.price_per_item
    FROM order_items i WHERE is_sold AND TG_OP = 'UPDATE' AND i.order_id = NEW.id AND i.product_id IS NOT NULL
  ) c
  CROSS JOIN (VALUES ('day'), ('month')) g (grain)
  GROUP BY 1, 2, 3, 4
  HAVING (sum(c.sign), sum(c.sign * c.units), sum(c.sign * c.net_sales)) <> (0, 0, 0)
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (grain, period_start, product_id, product_name) DO UPDATE SET lines = d.lines + EXCLUDED.lines,
      units = d.units + EXCLUDED.units, net_sales = d.net_sales + EXCLUDED.net_sales;

  IF new_buyer IS NOT NULL THEN
    INSERT INTO buyer_first_orders AS b (buyer, first_order_at) VALUES (new_buyer, NEW.created_at)
    ON CONFLICT (buyer) DO UPDATE SET first_order_at = EXCLUDED.first_order_at
    WHERE EXCLUDED.first_order_at < b.first_order_at;
  END IF;
  IF old_buyer IS NOT NULL THEN
    -- Locked first, then read again in a new statement: a concurrent payment of another order of
    -- this buyer has either moved the row (and committed) or waits for this transaction.
    SELECT b.first_order_at INTO first_at FROM buyer_first_orders b WHERE b.buyer = old_buyer FOR UPDATE;
    IF FOUND AND OLD.created_at <= first_at THEN
      IF OLD.customer_id IS NOT NULL THEN
        SELECT min(o.created_at) INTO first_at FROM orders o
        WHERE o.customer_id = OLD.customer_id AND o.id <> OLD.id
          AND o.payment_status::text IN ('paid', 'partially_refunded', 'refunded') AND o.status <> 'cancelled';
      ELSE
        -- Sold written as orders_sold_guest_email_idx's predicate, so that the index serves.
        SELECT min(o.created_at) INTO first_at FROM orders o
        WHERE o.customer_id IS NULL AND lower(o.customer_email) = old_buyer AND o.id <> OLD.id
          AND o.payment_status NOT IN ('unpaid', 'failed') AND o.status <> 'cancelled';
      END IF;
      -- The order itself when it still counts for this buyer (moved in time only).
      IF new_buyer = old_buyer AND (first_at IS NULL OR NEW.created_at < first_at) THEN
        first_at := NEW.created_at;
      END IF;
      IF first_at IS NULL THEN
        DELETE FROM buyer_first_orders WHERE buyer = old_buyer;
      ELSE
        UPDATE buyer_first_orders SET first_order_at = first_at WHERE buyer = old_buyer;
      END IF;
    END IF;
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER orders_analytics_insert AFTER INSERT ON orders FOR EACH ROW
  WHEN (NEW.payment_status::text IN ('paid', 'partially_refunded', 'refunded') AND NEW.status <> 'cancelled')
  EXECUTE FUNCTION cartwheel_order_analytics();--> statement-breakpoint
CREATE TRIGGER orders_analytics_update AFTER UPDATE ON orders FOR EACH ROW
  WHEN ((OLD.payment_status::text IN ('paid', 'partially_refunded', 'refunded') AND OLD.status <> 'cancelled')
      IS DISTINCT FROM (NEW.payment_status::text IN ('paid', 'partially_refunded', 'refunded') AND NEW.status <> 'cancelled')
    OR (NEW.payment_status::text IN ('paid', 'partially_refunded', 'refunded') AND NEW.status <> 'cancelled'
      AND (OLD.created_at, OLD.customer_id, OLD.customer_email)
        IS DISTINCT FROM (NEW.created_at, NEW.customer_id, NEW.customer_email)))
  EXECUTE FUNCTION cartwheel_order_analytics();--> statement-breakpoint
CREATE TRIGGER orders_analytics_delete BEFORE DELETE ON orders FOR EACH ROW
  WHEN (OLD.payment_status::text IN ('paid', 'partially_refunded', 'refunded') AND OLD.status <> 'cancelled')
  EXECUTE FUNCTION cartwheel_order_analytics();--> statement-breakpoint
CREATE TRIGGER orders_analytics_truncate AFTER TRUNCATE ON orders
  FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_order_analytics();--> statement-breakpoint

-- What is there already, added up after the triggers above locked orders and order_items against
-- writes, so nothing slips between the two.
INSERT INTO order_product_sales (grain, period_start, product_id, product_name, lines, units, net_sales)
SELECT g.grain, date_trunc(g.grain, o.created_at AT TIME ZONE 'UTC')::date, i.product_id, i.product_name,
  count(*), sum(i.quantity - i.refunded_quantity),
  sum(i.total_amount - i.discount_amount - i.refunded_quantity::bigint * i.price_per_item)
FROM order_items i JOIN orders o ON o.id = i.order_id CROSS JOIN (VALUES ('day'), ('month')) g (grain)
WHERE i.product_id IS NOT NULL
  AND o.payment_status::text IN ('paid', 'partially_refunded', 'refunded') AND o.status <> 'cancelled'
GROUP BY 1, 2, 3, 4;--> statement-breakpoint
INSERT INTO buyer_first_orders (buyer, first_order_at)
SELECT COALESCE(o.customer_id::text, lower(o.customer_email)), min(o.created_at)
FROM orders o
WHERE COALESCE(o.customer_id::text, lower(o.customer_email)) IS NOT NULL
  AND o.payment_status::text IN ('paid', 'partially_refunded', 'refunded') AND o.status <> 'cancelled'
GROUP BY 1;
