-- A checkout's lines are inserted while its order is unpaid, so they add nothing to the product and
-- category rollups (its payment adds them, through cartwheel_order_analytics on orders). Inserted
-- lines first look for an order of theirs that counts as sold, with the same condition
-- cartwheel_add_product_lines joins on, and stop when there is none: an INSERT ... ON CONFLICT of no
-- rows into order_product_sales would still fire that table's statement triggers
-- (docs/decisions/0047-checkout-throughput.md).
CREATE OR REPLACE FUNCTION public.cartwheel_order_product_lines()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF EXISTS (SELECT 1 FROM new_lines n JOIN orders o ON o.id = n.order_id
        WHERE n.product_id IS NOT NULL
          AND o.payment_status::text IN ('paid', 'partially_refunded', 'refunded') AND o.status <> 'cancelled') THEN
      PERFORM cartwheel_add_product_lines(ARRAY(SELECT n::order_items FROM new_lines n), NULL);
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM cartwheel_add_product_lines(NULL, ARRAY(SELECT o::order_items FROM old_lines o));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM cartwheel_add_product_lines(ARRAY(SELECT n::order_items FROM new_lines n), ARRAY(SELECT o::order_items FROM old_lines o));
  ELSE -- TRUNCATE
    DELETE FROM order_product_sales;
  END IF;
  RETURN NULL;
END $function$;
