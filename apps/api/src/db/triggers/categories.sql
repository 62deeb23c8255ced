CREATE TRIGGER categories_facets_insert AFTER INSERT ON public.categories
  FOR EACH ROW
  EXECUTE FUNCTION cartwheel_facets_new_key();

CREATE TRIGGER categories_facets_update AFTER UPDATE OF parent_id, is_visible ON public.categories
  FOR EACH ROW
  WHEN (((old.parent_id IS DISTINCT FROM new.parent_id) OR (old.is_visible IS DISTINCT FROM new.is_visible)))
  EXECUTE FUNCTION cartwheel_facets_category_moved();

CREATE TRIGGER categories_no_cycle BEFORE INSERT OR UPDATE OF parent_id ON public.categories
  FOR EACH ROW
  EXECUTE FUNCTION categories_no_cycle();

CREATE TRIGGER categories_notify_catalog AFTER TRUNCATE ON public.categories
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_notify_catalog();

CREATE TRIGGER categories_notify_catalog_delete AFTER DELETE ON public.categories
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_notify_catalog_rows('category', 'id');

CREATE TRIGGER categories_notify_catalog_insert AFTER INSERT ON public.categories
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_notify_catalog_rows('category', 'id');

CREATE TRIGGER categories_notify_catalog_update AFTER UPDATE ON public.categories
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_notify_catalog_rows('category', 'id');

CREATE TRIGGER categories_search_insert AFTER INSERT ON public.categories
  FOR EACH ROW
  EXECUTE FUNCTION cartwheel_named_search();

CREATE TRIGGER categories_search_update AFTER UPDATE OF name, is_visible ON public.categories
  FOR EACH ROW
  WHEN (((old.name IS DISTINCT FROM new.name) OR (old.is_visible IS DISTINCT FROM new.is_visible)))
  EXECUTE FUNCTION cartwheel_named_search();
