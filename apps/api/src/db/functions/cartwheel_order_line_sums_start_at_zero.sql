-- A new order has no lines yet, so its sums are zero: sums copied in with an order (an import) would
-- be counted twice once its lines follow. Checked in the WHEN clause: free for the usual insert.
CREATE OR REPLACE FUNCTION public.cartwheel_order_line_sums_start_at_zero()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  NEW.lines_refunded_amount := 0;
  NEW.lines_sales_with_cost := 0;
  NEW.lines_cost_of_goods := 0;
  NEW.lines_items_sold := 0;
  NEW.lines_items_with_cost := 0;
  RETURN NEW;
END $function$;
