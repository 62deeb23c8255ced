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
END $function$;
