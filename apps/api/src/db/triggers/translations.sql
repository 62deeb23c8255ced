-- A translation is part of what the storefront's reads show: a change empties the read caches of
-- every process, as a catalog change does (docs/decisions/0012-read-caches.md).
CREATE TRIGGER translations_notify_catalog AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.translations
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_notify_catalog();
