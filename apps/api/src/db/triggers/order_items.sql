CREATE TRIGGER order_items_line_sums_delete AFTER DELETE ON public.order_items
  REFERENCING OLD TABLE AS old_lines
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_order_line_sums();

CREATE TRIGGER order_items_line_sums_insert AFTER INSERT ON public.order_items
  REFERENCING NEW TABLE AS new_lines
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_order_line_sums();

CREATE TRIGGER order_items_line_sums_truncate AFTER TRUNCATE ON public.order_items
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_order_line_sums();

CREATE TRIGGER order_items_line_sums_update AFTER UPDATE ON public.order_items
  REFERENCING OLD TABLE AS old_lines NEW TABLE AS new_lines
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_order_line_sums();

CREATE TRIGGER order_items_product_sales_delete AFTER DELETE ON public.order_items
  REFERENCING OLD TABLE AS old_lines
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_order_product_lines();

CREATE TRIGGER order_items_product_sales_insert AFTER INSERT ON public.order_items
  REFERENCING NEW TABLE AS new_lines
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_order_product_lines();

CREATE TRIGGER order_items_product_sales_truncate AFTER TRUNCATE ON public.order_items
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_order_product_lines();

CREATE TRIGGER order_items_product_sales_update AFTER UPDATE ON public.order_items
  REFERENCING OLD TABLE AS old_lines NEW TABLE AS new_lines
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_order_product_lines();
