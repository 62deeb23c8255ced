-- Written by `npm run db:functions` from apps/api/src/db/functions and apps/api/src/db/triggers.
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
  -- The common case (the id in the row itself) in plain statements, planned once per trigger: a
  -- checkout's stock take runs this twice, and EXECUTE parsed and planned its query every time.
  IF TG_NARGS = 2 AND TG_OP = 'INSERT' THEN
    SELECT string_agg(DISTINCT to_jsonb(r) ->> TG_ARGV[1], ' ') INTO ids FROM new_rows r;
  ELSIF TG_NARGS = 2 AND TG_OP = 'DELETE' THEN
    SELECT string_agg(DISTINCT to_jsonb(r) ->> TG_ARGV[1], ' ') INTO ids FROM old_rows r;
  ELSIF TG_NARGS = 2 THEN
    SELECT string_agg(DISTINCT r.id, ' ') INTO ids FROM (
      SELECT to_jsonb(o) ->> TG_ARGV[1] AS id FROM old_rows o
      UNION ALL SELECT to_jsonb(n) ->> TG_ARGV[1] FROM new_rows n) r;
  ELSE
    touched := CASE TG_OP
      WHEN 'INSERT' THEN 'SELECT * FROM new_rows'
      WHEN 'DELETE' THEN 'SELECT * FROM old_rows'
      ELSE 'SELECT * FROM old_rows UNION ALL SELECT * FROM new_rows' END;
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
