CREATE TRIGGER variant_option_values_notify_catalog AFTER TRUNCATE ON public.variant_option_values
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_notify_catalog();

CREATE TRIGGER variant_option_values_notify_catalog_delete AFTER DELETE ON public.variant_option_values
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_notify_catalog_rows('product', 'product_id', 'product_variants', 'variant_id');

CREATE TRIGGER variant_option_values_notify_catalog_insert AFTER INSERT ON public.variant_option_values
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_notify_catalog_rows('product', 'product_id', 'product_variants', 'variant_id');

CREATE TRIGGER variant_option_values_notify_catalog_update AFTER UPDATE ON public.variant_option_values
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_notify_catalog_rows('product', 'product_id', 'product_variants', 'variant_id');
