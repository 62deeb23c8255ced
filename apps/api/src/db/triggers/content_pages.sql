-- Pages and the storefront's settings are part of every rendered storefront page (the footer's
-- links, the shell's title, colours and logo): a change empties the read caches of every process,
-- as a catalog change does (docs/decisions/0012-read-caches.md).
CREATE TRIGGER content_pages_notify_catalog AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.content_pages
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_notify_catalog();
