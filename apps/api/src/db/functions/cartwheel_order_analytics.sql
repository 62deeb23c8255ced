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
END $function$;
