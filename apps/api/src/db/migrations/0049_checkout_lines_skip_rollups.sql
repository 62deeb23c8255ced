-- A checkout's lines are inserted while its order is unpaid, so they add nothing to the product and
-- category rollups (its payment adds them, through the trigger on orders of 0031). Yet the statement
-- trigger on order_items ran the whole chain for them on every checkout: an INSERT ... ON CONFLICT of
-- no rows into order_product_sales still fires that table's statement triggers, which call
-- cartwheel_add_product_sales twice with empty arrays. That cost about 1.3 ms of database time per
-- checkout. Inserted lines now first look for an order of theirs that counts as sold, with the same
-- condition cartwheel_add_product_lines joins on, and stop when there is none: the rollups get exactly
-- the rows they got before (docs/decisions/0047-checkout-throughput.md).
CREATE OR REPLACE FUNCTION cartwheel_order_product_lines() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;
