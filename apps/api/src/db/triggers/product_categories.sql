CREATE TRIGGER product_categories_facets_delete AFTER DELETE ON public.product_categories
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_facets_by_product_rows();

CREATE TRIGGER product_categories_facets_insert AFTER INSERT ON public.product_categories
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_facets_by_product_rows();

CREATE TRIGGER product_categories_list_counts_delete AFTER DELETE ON public.product_categories
  REFERENCING OLD TABLE AS old_links
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_product_categories_list_counts();

CREATE TRIGGER product_categories_list_counts_insert AFTER INSERT ON public.product_categories
  REFERENCING NEW TABLE AS new_links
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_product_categories_list_counts();

CREATE TRIGGER product_categories_list_counts_truncate AFTER TRUNCATE ON public.product_categories
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_recount_product_list_trigger();

CREATE TRIGGER product_categories_list_counts_update AFTER UPDATE ON public.product_categories
  REFERENCING OLD TABLE AS old_links NEW TABLE AS new_links
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_product_categories_list_counts();

CREATE TRIGGER product_categories_notify_catalog AFTER TRUNCATE ON public.product_categories
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_notify_catalog();

CREATE TRIGGER product_categories_notify_catalog_delete AFTER DELETE ON public.product_categories
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_notify_catalog_rows('product', 'product_id');

CREATE TRIGGER product_categories_notify_catalog_insert AFTER INSERT ON public.product_categories
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_notify_catalog_rows('product', 'product_id');

CREATE TRIGGER product_categories_notify_catalog_update AFTER UPDATE ON public.product_categories
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_notify_catalog_rows('product', 'product_id');

CREATE TRIGGER product_categories_sales_delete AFTER DELETE ON public.product_categories
  REFERENCING OLD TABLE AS old_links
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_category_links_changed();

CREATE TRIGGER product_categories_sales_insert AFTER INSERT ON public.product_categories
  REFERENCING NEW TABLE AS new_links
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_category_links_changed();

CREATE TRIGGER product_categories_sales_truncate AFTER TRUNCATE ON public.product_categories
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_category_links_changed();

CREATE TRIGGER product_categories_sales_update AFTER UPDATE ON public.product_categories
  REFERENCING OLD TABLE AS old_links NEW TABLE AS new_links
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_category_links_changed();

CREATE TRIGGER product_categories_search_delete AFTER DELETE ON public.product_categories
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_search_by_old_rows();

CREATE TRIGGER product_categories_search_insert AFTER INSERT ON public.product_categories
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_search_by_new_rows();
