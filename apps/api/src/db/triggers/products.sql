CREATE TRIGGER products_facets_insert AFTER INSERT ON public.products
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_facets_by_new_products();

CREATE TRIGGER products_facets_update AFTER UPDATE ON public.products
  FOR EACH ROW
  WHEN (((old.is_visible IS DISTINCT FROM new.is_visible) OR (old.deleted_at IS DISTINCT FROM new.deleted_at) OR (old.brand_id IS DISTINCT FROM new.brand_id) OR (old.price IS DISTINCT FROM new.price) OR (old.effective_price IS DISTINCT FROM new.effective_price) OR (old.created_at IS DISTINCT FROM new.created_at) OR (old.name IS DISTINCT FROM new.name) OR (old.is_featured IS DISTINCT FROM new.is_featured) OR ((old.inventory_level > 0) <> (new.inventory_level > 0))))
  EXECUTE FUNCTION cartwheel_facets_product_row();

-- BEFORE: a hard delete cascades to product_categories, and the product's categories must still be
-- there to be counted out (the cascaded deletes then no longer see the product and skip it).
CREATE TRIGGER products_list_counts_delete BEFORE DELETE ON public.products
  FOR EACH ROW
  EXECUTE FUNCTION cartwheel_products_list_counts();

CREATE TRIGGER products_list_counts_insert AFTER INSERT ON public.products
  REFERENCING NEW TABLE AS new_products
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_products_inserted_list_counts();

CREATE TRIGGER products_list_counts_truncate AFTER TRUNCATE ON public.products
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_recount_product_list_trigger();

CREATE TRIGGER products_list_counts_update AFTER UPDATE OF is_visible, deleted_at, brand_id, is_featured ON public.products
  FOR EACH ROW
  WHEN (((old.is_visible IS DISTINCT FROM new.is_visible) OR ((old.deleted_at IS NULL) IS DISTINCT FROM (new.deleted_at IS NULL)) OR (old.brand_id IS DISTINCT FROM new.brand_id) OR (old.is_featured IS DISTINCT FROM new.is_featured)))
  EXECUTE FUNCTION cartwheel_products_list_counts();

CREATE TRIGGER products_notify_catalog AFTER TRUNCATE ON public.products
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_notify_catalog();

CREATE TRIGGER products_notify_catalog_delete AFTER DELETE ON public.products
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_notify_catalog_rows('product', 'id');

CREATE TRIGGER products_notify_catalog_insert AFTER INSERT ON public.products
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_notify_catalog_rows('product', 'id');

CREATE TRIGGER products_notify_catalog_update AFTER UPDATE ON public.products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_notify_catalog_rows('product', 'id');

CREATE TRIGGER products_search_facets AFTER UPDATE OF name, sku, description, brand_id, search_vector ON public.products
  FOR EACH ROW
  WHEN ((old.search_vector IS DISTINCT FROM new.search_vector))
  EXECUTE FUNCTION cartwheel_facets_search_row();

CREATE TRIGGER products_search_row BEFORE INSERT OR UPDATE OF name, sku, description, brand_id ON public.products
  FOR EACH ROW
  EXECUTE FUNCTION cartwheel_products_search_row();

CREATE TRIGGER products_search_terms_insert AFTER INSERT ON public.products
  REFERENCING NEW TABLE AS new_products
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_products_search_terms();

CREATE TRIGGER products_search_terms_update AFTER UPDATE OF name, description ON public.products
  FOR EACH ROW
  WHEN (((old.name IS DISTINCT FROM new.name) OR (old.description IS DISTINCT FROM new.description)))
  EXECUTE FUNCTION cartwheel_product_terms_row();

-- The sellable total and the locations' on-hand stock move together (decision 0095).
CREATE TRIGGER products_stock_follow_insert AFTER INSERT ON public.products
  FOR EACH ROW
  EXECUTE FUNCTION cartwheel_stock_follow_total();

CREATE TRIGGER products_stock_follow_update AFTER UPDATE OF inventory_level ON public.products
  FOR EACH ROW
  WHEN ((old.inventory_level <> new.inventory_level))
  EXECUTE FUNCTION cartwheel_stock_follow_total();

CREATE TRIGGER products_stock_alert_restock AFTER UPDATE OF inventory_level ON public.products
  FOR EACH ROW
  WHEN ((old.inventory_level <> new.inventory_level))
  EXECUTE FUNCTION cartwheel_stock_alert_restock();
