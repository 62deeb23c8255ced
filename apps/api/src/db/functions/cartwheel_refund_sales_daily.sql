-- A refund counts on the UTC day it succeeded, in its order's slot, for its goods (the amount less
-- its shipping and tax parts, as net sales leave shipping and tax out), while its order is sold. The
-- row remembers where and how much it counted (sales_day, sales_slot, sales_amount), so it is taken off
-- exactly there when it stops counting (its order cancelled, the refund deleted), even once the order
-- is gone. The goods in the base currency (decision 0070): the amount, shipping and tax each at the
-- order's own ratio of its base amount to its amount, so a refund of everything gives back exactly the
-- base amounts the order counted. A refund of an order edit's difference does not count: the edit
-- already took the goods off the order's own amounts.
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
