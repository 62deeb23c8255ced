CREATE TRIGGER product_option_values_facets_delete AFTER DELETE ON public.product_option_values
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_facets_by_option_values();

CREATE TRIGGER product_option_values_facets_insert AFTER INSERT ON public.product_option_values
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_facets_by_option_values();

CREATE TRIGGER product_option_values_facets_update AFTER UPDATE OF label, sort_order, option_id ON public.product_option_values
  FOR EACH ROW
  WHEN (((old.label IS DISTINCT FROM new.label) OR (old.sort_order IS DISTINCT FROM new.sort_order) OR (old.option_id IS DISTINCT FROM new.option_id)))
  EXECUTE FUNCTION cartwheel_facets_value_renamed();

CREATE TRIGGER product_option_values_notify_catalog AFTER TRUNCATE ON public.product_option_values
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_notify_catalog();

CREATE TRIGGER product_option_values_notify_catalog_delete AFTER DELETE ON public.product_option_values
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_notify_catalog_rows('product', 'product_id', 'product_options', 'option_id');

CREATE TRIGGER product_option_values_notify_catalog_insert AFTER INSERT ON public.product_option_values
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_notify_catalog_rows('product', 'product_id', 'product_options', 'option_id');

CREATE TRIGGER product_option_values_notify_catalog_update AFTER UPDATE ON public.product_option_values
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_notify_catalog_rows('product', 'product_id', 'product_options', 'option_id');
