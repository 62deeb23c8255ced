-- Analytics in the base currency (docs/decisions/0070-analytics-in-base-currency.md): the rollups sum
-- each order's base-currency amounts, and a refund remembers the base amount it took off its day.
ALTER TABLE "refunds" ADD COLUMN "sales_amount" bigint;--> statement-breakpoint
-- Then, written by `npm run db:functions` from apps/api/src/db/functions and apps/api/src/db/triggers:
DROP TRIGGER "orders_analytics_update" ON public."orders";--> statement-breakpoint
DROP TRIGGER "orders_sales_daily_update" ON public."orders";--> statement-breakpoint
-- The lines a statement changed, of orders that count as sold: the difference (its new lines +1, its
-- old lines -1; an update is both) is added to the day and the month of each line's order. A statement whose lines'
-- figures do not move (a fulfilment) reads no order and writes nothing; a checkout's lines belong to
-- an unpaid order and add nothing (the payment adds them: cartwheel_order_analytics, on orders). Lines of an
-- existing order change outside checkout only by plain SQL; the trigger on order_items (cartwheel_order_line_sums) updates
-- the order row first whenever the units or refunds move, so a concurrent payment of that order is
-- waited for and seen. Net sales in the base currency, line by line at the order's subtotal rate
-- (cartwheel_base_amount), as cartwheel_order_analytics converts them.
CREATE OR REPLACE FUNCTION public.cartwheel_add_product_lines(added order_items[], removed order_items[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO order_product_sales AS d (grain, period_start, product_id, product_name, lines, units, net_sales)
  SELECT g.grain, date_trunc(g.grain, o.created_at AT TIME ZONE 'UTC')::date, c.product_id, c.product_name,
    sum(c.lines), sum(c.lines * c.units),
    sum(c.lines * cartwheel_base_amount(c.net_sales, o.base_subtotal_amount, o.subtotal_amount))
  FROM (
    -- Lines with the same figures cancel out (a fulfilment's old and new rows) before any order is read.
    SELECT l.order_id, l.product_id, l.product_name, sum(l.sign) AS lines,
      l.quantity - l.refunded_quantity AS units,
      l.total_amount - l.discount_amount - l.refunded_quantity::bigint * l.price_per_item AS net_sales
    FROM (SELECT 1 AS sign, * FROM unnest(added) UNION ALL SELECT -1, * FROM unnest(removed)) l
    WHERE l.product_id IS NOT NULL
    GROUP BY 1, 2, 3, 5, 6
    HAVING sum(l.sign) <> 0
  ) c
  JOIN orders o ON o.id = c.order_id
  CROSS JOIN (VALUES ('day'), ('month')) g (grain)
  WHERE o.payment_status::text IN ('paid', 'partially_refunded', 'refunded') AND o.status <> 'cancelled'
  GROUP BY 1, 2, 3, 4
  HAVING (sum(c.lines), sum(c.lines * c.units),
    sum(c.lines * cartwheel_base_amount(c.net_sales, o.base_subtotal_amount, o.subtotal_amount))) <> (0, 0, 0)
  -- In key order, so two statements adding to the same rows lock them in the same order.
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (grain, period_start, product_id, product_name) DO UPDATE SET lines = d.lines + EXCLUDED.lines,
    units = d.units + EXCLUDED.units, net_sales = d.net_sales + EXCLUDED.net_sales;
END $function$;--> statement-breakpoint
-- An amount of an order in the shop's base currency (decision 0070): its share of a pair of the
-- order's stored amounts, `own` in the order's currency and `base` the same in the base currency,
-- which is the order's rate as its checkout rounded it. Rounded half away from zero, as the money
-- library rounds, so taking an amount off takes off exactly what adding it added, and the whole of
-- `own` is exactly `base`. No base amount: the order was written in the base currency.
CREATE OR REPLACE FUNCTION public.cartwheel_base_amount(amount bigint, base bigint, own bigint)
 RETURNS bigint
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  SELECT CASE WHEN base IS NULL OR base = own THEN amount WHEN own = 0 THEN 0
    ELSE round(amount::numeric * base / own)::bigint END
$function$;--> statement-breakpoint
-- An order that starts or stops counting as sold, or a sold order that moves (its time, its buyer):
-- its lines leave the day and month it was counted in and join its new ones (one upsert per product
-- and grain), and its buyer's first sold order is moved earlier, or looked for again when the order that was first stops
-- counting. A new order has no lines yet (its lines refer to it): the trigger on order_items counts
-- them, also when they are inserted in the same statement. One statement that both changes whether
-- an order counts and changes its lines (a WITH of two updates) would count the lines' change twice;
-- no code does that. Per row, only when that changes (the WHEN clauses, checked without running the function):
-- a checkout's unpaid order, a fulfilment and a status between paid ones do not run it. Deletes run
-- before the row goes, while its lines are still there (the cascade to order_items runs first among
-- the AFTER triggers, and would leave nothing to take away). Each line's net sales in the base
-- currency at its order's subtotal rate, line by line as cartwheel_add_product_lines converts them, so
-- what one adds the other takes off exactly; a sold order whose subtotal or base subtotal changes is
-- counted again at its new rate.
CREATE OR REPLACE FUNCTION public.cartwheel_order_analytics()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
      cartwheel_base_amount(i.total_amount - i.discount_amount - i.refunded_quantity::bigint * i.price_per_item,
        OLD.base_subtotal_amount, OLD.subtotal_amount) AS net_sales
    FROM order_items i WHERE was_sold AND i.order_id = OLD.id AND i.product_id IS NOT NULL
    UNION ALL
    SELECT NEW.created_at, 1, i.product_id, i.product_name, i.quantity - i.refunded_quantity,
      cartwheel_base_amount(i.total_amount - i.discount_amount - i.refunded_quantity::bigint * i.price_per_item,
        NEW.base_subtotal_amount, NEW.subtotal_amount)
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
END $function$;--> statement-breakpoint
-- The day sums count an order as sold once it is paid, also when some or all of it was refunded
-- since (payment_status partially_refunded or refunded) and it was not cancelled: the sale stays on the
-- day it was placed, and each refund is taken off on the day it succeeded (cartwheel_refund_sales_daily, on refunds).
-- Compared as text: an enum value added in this transaction cannot be used as a literal before it commits.
-- When an order stops being sold (cancelled), its counted refunds leave their days too, and come back
-- if it is sold again, so a cancelled order's refund is never taken off a sale that is not counted.
-- In the base currency (decision 0070): the order's base amounts, its line sums at its subtotal's rate;
-- the cost of goods is the catalog's, already in the base currency.
CREATE OR REPLACE FUNCTION public.cartwheel_order_sales_daily()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
      -COALESCE(OLD.base_subtotal_amount, OLD.subtotal_amount), -COALESCE(OLD.base_shipping_amount, OLD.shipping_amount),
      -COALESCE(OLD.base_tax_amount, OLD.tax_amount), -COALESCE(OLD.base_discount_amount, OLD.discount_amount),
      -cartwheel_base_amount(OLD.lines_refunded_amount, OLD.base_subtotal_amount, OLD.subtotal_amount),
      -cartwheel_base_amount(OLD.lines_sales_with_cost, OLD.base_subtotal_amount, OLD.subtotal_amount), -OLD.lines_cost_of_goods,
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
      COALESCE(NEW.base_subtotal_amount, NEW.subtotal_amount), COALESCE(NEW.base_shipping_amount, NEW.shipping_amount),
      COALESCE(NEW.base_tax_amount, NEW.tax_amount), COALESCE(NEW.base_discount_amount, NEW.discount_amount),
      cartwheel_base_amount(NEW.lines_refunded_amount, NEW.base_subtotal_amount, NEW.subtotal_amount),
      cartwheel_base_amount(NEW.lines_sales_with_cost, NEW.base_subtotal_amount, NEW.subtotal_amount), NEW.lines_cost_of_goods,
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
END $function$;--> statement-breakpoint
-- A refund counts on the UTC day it succeeded, in its order's slot, for its goods (the amount less
-- its shipping and tax parts, as net sales leave shipping and tax out), while its order is sold. The
-- row remembers where and how much it counted (sales_day, sales_slot, sales_amount), so it is taken off
-- exactly there when it stops counting (its order cancelled, the refund deleted), even once the order
-- is gone. The goods in the base currency (decision 0070): the amount, shipping and tax each at the
-- order's own ratio of its base amount to its amount, so a refund of everything gives back exactly the
-- base amounts the order counted.
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
  IF NEW.status = 'succeeded' AND NEW.sales_day IS NULL THEN
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
END $function$;--> statement-breakpoint
CREATE TRIGGER orders_analytics_update AFTER UPDATE ON public.orders FOR EACH ROW WHEN ((((((old.payment_status)::text = ANY (ARRAY['paid'::text, 'partially_refunded'::text, 'refunded'::text])) AND (old.status <> 'cancelled'::order_status)) IS DISTINCT FROM (((new.payment_status)::text = ANY (ARRAY['paid'::text, 'partially_refunded'::text, 'refunded'::text])) AND (new.status <> 'cancelled'::order_status))) OR (((new.payment_status)::text = ANY (ARRAY['paid'::text, 'partially_refunded'::text, 'refunded'::text])) AND (new.status <> 'cancelled'::order_status) AND ((old.created_at IS DISTINCT FROM new.created_at) OR (old.customer_id IS DISTINCT FROM new.customer_id) OR (old.customer_email IS DISTINCT FROM new.customer_email) OR (old.subtotal_amount IS DISTINCT FROM new.subtotal_amount) OR (old.base_subtotal_amount IS DISTINCT FROM new.base_subtotal_amount))))) EXECUTE FUNCTION cartwheel_order_analytics();--> statement-breakpoint
CREATE TRIGGER orders_sales_daily_update AFTER UPDATE ON public.orders FOR EACH ROW WHEN ((((((old.payment_status)::text = ANY (ARRAY['paid'::text, 'partially_refunded'::text, 'refunded'::text])) AND (old.status <> 'cancelled'::order_status)) IS DISTINCT FROM (((new.payment_status)::text = ANY (ARRAY['paid'::text, 'partially_refunded'::text, 'refunded'::text])) AND (new.status <> 'cancelled'::order_status))) OR (((new.payment_status)::text = ANY (ARRAY['paid'::text, 'partially_refunded'::text, 'refunded'::text])) AND (new.status <> 'cancelled'::order_status) AND ((old.created_at IS DISTINCT FROM new.created_at) OR (old.order_number IS DISTINCT FROM new.order_number) OR (old.subtotal_amount IS DISTINCT FROM new.subtotal_amount) OR (old.shipping_amount IS DISTINCT FROM new.shipping_amount) OR (old.tax_amount IS DISTINCT FROM new.tax_amount) OR (old.discount_amount IS DISTINCT FROM new.discount_amount) OR (old.lines_refunded_amount IS DISTINCT FROM new.lines_refunded_amount) OR (old.lines_sales_with_cost IS DISTINCT FROM new.lines_sales_with_cost) OR (old.lines_cost_of_goods IS DISTINCT FROM new.lines_cost_of_goods) OR (old.lines_items_sold IS DISTINCT FROM new.lines_items_sold) OR (old.lines_items_with_cost IS DISTINCT FROM new.lines_items_with_cost) OR (old.base_subtotal_amount IS DISTINCT FROM new.base_subtotal_amount) OR (old.base_shipping_amount IS DISTINCT FROM new.base_shipping_amount) OR (old.base_tax_amount IS DISTINCT FROM new.base_tax_amount) OR (old.base_discount_amount IS DISTINCT FROM new.base_discount_amount))))) EXECUTE FUNCTION cartwheel_order_sales_daily();--> statement-breakpoint
-- The rollups counted order-currency amounts as base ones: rebuilt from the orders, their lines and their
-- counted refunds, with the expressions the triggers now use. The refunds first: what each took off.
UPDATE "refunds" r SET "sales_amount" = cartwheel_base_amount(r.amount, o.base_total_amount, o.total_amount)
    - cartwheel_base_amount(r.shipping_amount, o.base_shipping_amount, o.shipping_amount)
    - cartwheel_base_amount(r.tax_amount, o.base_tax_amount, o.tax_amount)
  FROM "orders" o WHERE o.id = r.order_id AND r.sales_day IS NOT NULL;--> statement-breakpoint
DELETE FROM "order_sales_daily";--> statement-breakpoint
INSERT INTO "order_sales_daily" (day, slot, orders, subtotal_amount, shipping_amount, tax_amount, discount_amount,
    refunded_amount, sales_with_cost, cost_of_goods, items_sold, items_with_cost)
  SELECT (o.created_at AT TIME ZONE 'UTC')::date, o.order_number % 16, count(*),
    sum(COALESCE(o.base_subtotal_amount, o.subtotal_amount)), sum(COALESCE(o.base_shipping_amount, o.shipping_amount)),
    sum(COALESCE(o.base_tax_amount, o.tax_amount)), sum(COALESCE(o.base_discount_amount, o.discount_amount)),
    sum(cartwheel_base_amount(o.lines_refunded_amount, o.base_subtotal_amount, o.subtotal_amount)),
    sum(cartwheel_base_amount(o.lines_sales_with_cost, o.base_subtotal_amount, o.subtotal_amount)),
    sum(o.lines_cost_of_goods), sum(o.lines_items_sold), sum(o.lines_items_with_cost)
  FROM "orders" o
  WHERE o.payment_status::text IN ('paid', 'partially_refunded', 'refunded') AND o.status <> 'cancelled'
  GROUP BY 1, 2;--> statement-breakpoint
INSERT INTO "order_sales_daily" AS d (day, slot, refunded_amount)
  SELECT r.sales_day, r.sales_slot, sum(r.sales_amount) FROM "refunds" r WHERE r.sales_day IS NOT NULL GROUP BY 1, 2
  ON CONFLICT (day, slot) DO UPDATE SET refunded_amount = d.refunded_amount + EXCLUDED.refunded_amount;--> statement-breakpoint
-- Emptying the product rows empties the category rows and the bounds (their truncate trigger); the
-- insert adds them back (their insert trigger).
TRUNCATE "order_product_sales";--> statement-breakpoint
INSERT INTO "order_product_sales" (grain, period_start, product_id, product_name, lines, units, net_sales)
  SELECT g.grain, date_trunc(g.grain, o.created_at AT TIME ZONE 'UTC')::date, i.product_id, i.product_name, count(*),
    sum(i.quantity - i.refunded_quantity),
    sum(cartwheel_base_amount(i.total_amount - i.discount_amount - i.refunded_quantity::bigint * i.price_per_item,
      o.base_subtotal_amount, o.subtotal_amount))
  FROM "orders" o JOIN "order_items" i ON i.order_id = o.id CROSS JOIN (VALUES ('day'), ('month')) g (grain)
  WHERE i.product_id IS NOT NULL
    AND o.payment_status::text IN ('paid', 'partially_refunded', 'refunded') AND o.status <> 'cancelled'
  GROUP BY 1, 2, 3, 4
  ORDER BY 1, 2, 3, 4;--> statement-breakpoint
-- A recovered checkout counts its order's total in the base currency too.
UPDATE "abandoned_checkout_emails" e SET "recovered_amount" = o.base_total_amount
  FROM "orders" o WHERE o.id = e.recovered_order_id AND o.base_total_amount IS NOT NULL;
