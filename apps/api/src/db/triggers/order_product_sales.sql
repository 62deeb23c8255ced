CREATE TRIGGER order_product_sales_derived_delete AFTER DELETE ON public.order_product_sales
  REFERENCING OLD TABLE AS old_sales
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_product_sales_changed();

CREATE TRIGGER order_product_sales_derived_insert AFTER INSERT ON public.order_product_sales
  REFERENCING NEW TABLE AS new_sales
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_product_sales_changed();

CREATE TRIGGER order_product_sales_derived_truncate AFTER TRUNCATE ON public.order_product_sales
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_product_sales_changed();

CREATE TRIGGER order_product_sales_derived_update AFTER UPDATE ON public.order_product_sales
  REFERENCING OLD TABLE AS old_sales NEW TABLE AS new_sales
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_product_sales_changed();
