CREATE TRIGGER brands_facets_insert AFTER INSERT ON public.brands
  FOR EACH ROW
  EXECUTE FUNCTION cartwheel_facets_new_key();

CREATE TRIGGER brands_notify_catalog AFTER TRUNCATE ON public.brands
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_notify_catalog();

CREATE TRIGGER brands_notify_catalog_delete AFTER DELETE ON public.brands
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_notify_catalog_rows('brand', 'id');

CREATE TRIGGER brands_notify_catalog_insert AFTER INSERT ON public.brands
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_notify_catalog_rows('brand', 'id');

CREATE TRIGGER brands_notify_catalog_update AFTER UPDATE ON public.brands
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_notify_catalog_rows('brand', 'id');

CREATE TRIGGER brands_search_insert AFTER INSERT ON public.brands
  FOR EACH ROW
  EXECUTE FUNCTION cartwheel_named_search();

CREATE TRIGGER brands_search_update AFTER UPDATE OF name ON public.brands
  FOR EACH ROW
  WHEN ((old.name IS DISTINCT FROM new.name))
  EXECUTE FUNCTION cartwheel_named_search();
