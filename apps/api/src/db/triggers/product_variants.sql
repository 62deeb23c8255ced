CREATE TRIGGER product_variants_facets_delete AFTER DELETE ON public.product_variants
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_facets_by_product_rows();

CREATE TRIGGER product_variants_facets_insert AFTER INSERT ON public.product_variants
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_facets_by_product_rows();

CREATE TRIGGER product_variants_facets_stock AFTER UPDATE OF inventory_level ON public.product_variants
  FOR EACH ROW
  WHEN (((old.inventory_level > 0) <> (new.inventory_level > 0)))
  EXECUTE FUNCTION cartwheel_facets_variant_stock();

CREATE TRIGGER product_variants_facets_update AFTER UPDATE OF price, sale_price, product_id ON public.product_variants
  FOR EACH ROW
  WHEN (((old.product_id IS DISTINCT FROM new.product_id) OR (((old.sale_price > 0) AND (old.sale_price < old.price)) IS DISTINCT FROM ((new.sale_price > 0) AND (new.sale_price < new.price)))))
  EXECUTE FUNCTION cartwheel_facets_variant_row();

CREATE TRIGGER product_variants_notify_catalog AFTER TRUNCATE ON public.product_variants
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_notify_catalog();

CREATE TRIGGER product_variants_notify_catalog_delete AFTER DELETE ON public.product_variants
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_notify_catalog_rows('product', 'product_id');

CREATE TRIGGER product_variants_notify_catalog_insert AFTER INSERT ON public.product_variants
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_notify_catalog_rows('product', 'product_id');

CREATE TRIGGER product_variants_notify_catalog_update AFTER UPDATE ON public.product_variants
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_notify_catalog_rows('product', 'product_id');

CREATE TRIGGER product_variants_search_delete AFTER DELETE ON public.product_variants
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_search_by_old_rows();

CREATE TRIGGER product_variants_search_insert AFTER INSERT ON public.product_variants
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_search_by_new_rows();

CREATE TRIGGER product_variants_search_update AFTER UPDATE OF sku, product_id ON public.product_variants
  FOR EACH ROW
  WHEN (((old.sku IS DISTINCT FROM new.sku) OR (old.product_id IS DISTINCT FROM new.product_id)))
  EXECUTE FUNCTION cartwheel_variant_sku_search();

-- The sellable total and the locations' on-hand stock move together (decision 0095).
CREATE TRIGGER product_variants_stock_follow_insert AFTER INSERT ON public.product_variants
  FOR EACH ROW
  EXECUTE FUNCTION cartwheel_stock_follow_total();

CREATE TRIGGER product_variants_stock_follow_update AFTER UPDATE OF inventory_level ON public.product_variants
  FOR EACH ROW
  WHEN ((old.inventory_level <> new.inventory_level))
  EXECUTE FUNCTION cartwheel_stock_follow_total();

CREATE TRIGGER product_variants_stock_alert_restock AFTER UPDATE OF inventory_level ON public.product_variants
  FOR EACH ROW
  WHEN ((old.inventory_level <> new.inventory_level))
  EXECUTE FUNCTION cartwheel_stock_alert_restock();
