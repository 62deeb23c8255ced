-- Catalog notifications name what changed, so a CDN purge can name the products, categories and
-- brands it drops (docs/decisions/0036-shared-http-caching.md). The payload is `<kind> <id> <id> ...`
-- with kind product, category or brand, or `<kind> *` when the ids would not fit in one notification
-- (8000 bytes). TRUNCATE and the content tables keep the empty payload: anything may have changed.
-- The in-process read caches still empty themselves on every notification of the channel.
--
-- TG_ARGV: the kind, then the column holding its id; for rows that reach their product through a
-- parent row, the parent's table and the column pointing at it (the parent's id column is `id`).
-- A parent deleted in the same statement (a cascade) notifies for itself.
CREATE OR REPLACE FUNCTION public.cartwheel_notify_catalog_rows()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  touched text;
  ids text;
BEGIN
  touched := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT * FROM new_rows'
    WHEN 'DELETE' THEN 'SELECT * FROM old_rows'
    ELSE 'SELECT * FROM old_rows UNION ALL SELECT * FROM new_rows' END;
  IF TG_NARGS = 2 THEN
    EXECUTE format('SELECT string_agg(DISTINCT r.%I::text, '' '') FROM (%s) r', TG_ARGV[1], touched)
      INTO ids;
  ELSE
    EXECUTE format('SELECT string_agg(DISTINCT p.%I::text, '' '') FROM (%s) r JOIN %I p ON p.id = r.%I',
      TG_ARGV[1], touched, TG_ARGV[2], TG_ARGV[3]) INTO ids;
  END IF;
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  IF length(ids) > 7900 THEN
    ids := '*';
  END IF;
  PERFORM pg_notify('cartwheel_catalog', TG_ARGV[0] || ' ' || ids);
  RETURN NULL;
END $function$;
