CREATE TRIGGER product_images_notify_catalog AFTER TRUNCATE ON public.product_images
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_notify_catalog();

CREATE TRIGGER product_images_notify_catalog_delete AFTER DELETE ON public.product_images
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_notify_catalog_rows('product', 'product_id');

CREATE TRIGGER product_images_notify_catalog_insert AFTER INSERT ON public.product_images
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_notify_catalog_rows('product', 'product_id');

CREATE TRIGGER product_images_notify_catalog_update AFTER UPDATE ON public.product_images
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_notify_catalog_rows('product', 'product_id');
