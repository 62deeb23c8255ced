CREATE TRIGGER product_options_facets_delete AFTER DELETE ON public.product_options
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_facets_options_deleted();

CREATE TRIGGER product_options_facets_insert AFTER INSERT ON public.product_options
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_facets_by_product_rows();

CREATE TRIGGER product_options_facets_update AFTER UPDATE OF name, product_id ON public.product_options
  FOR EACH ROW
  WHEN (((old.name IS DISTINCT FROM new.name) OR (old.product_id IS DISTINCT FROM new.product_id)))
  EXECUTE FUNCTION cartwheel_facets_option_renamed();

CREATE TRIGGER product_options_notify_catalog AFTER TRUNCATE ON public.product_options
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_notify_catalog();

CREATE TRIGGER product_options_notify_catalog_delete AFTER DELETE ON public.product_options
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_notify_catalog_rows('product', 'product_id');

CREATE TRIGGER product_options_notify_catalog_insert AFTER INSERT ON public.product_options
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_notify_catalog_rows('product', 'product_id');

CREATE TRIGGER product_options_notify_catalog_update AFTER UPDATE ON public.product_options
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_notify_catalog_rows('product', 'product_id');
