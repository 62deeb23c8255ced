-- Catalog notifications name what changed, so a CDN purge can name the products, categories and
-- brands it drops (docs/decisions/0036-shared-http-caching.md). The payload is `<kind> <id> <id> ...`
-- with kind product, category or brand, or `<kind> *` when the ids would not fit in one notification
-- (8000 bytes). TRUNCATE and the content tables keep the empty payload: anything may have changed.
-- The in-process read caches still empty themselves on every notification of the channel.
--
-- TG_ARGV: the kind, then the column holding its id; for rows that reach their product through a
-- parent row, the parent's table and the column pointing at it (the parent's id column is `id`).
-- A parent deleted in the same statement (a cascade) notifies for itself.
CREATE FUNCTION cartwheel_notify_catalog_rows() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;--> statement-breakpoint
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN SELECT * FROM (VALUES
    ('products', 'product, id'),
    ('product_variants', 'product, product_id'),
    ('product_images', 'product, product_id'),
    ('product_options', 'product, product_id'),
    ('product_option_values', 'product, product_id, product_options, option_id'),
    ('variant_option_values', 'product, product_id, product_variants, variant_id'),
    ('product_categories', 'product, product_id'),
    ('categories', 'category, id'),
    ('brands', 'brand, id')
  ) AS v(tbl, args)
  LOOP
    EXECUTE format('DROP TRIGGER %I ON %I', t.tbl || '_notify_catalog', t.tbl);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I
      FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_notify_catalog()', t.tbl || '_notify_catalog', t.tbl);
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_notify_catalog_rows(%s)', t.tbl || '_notify_catalog_insert', t.tbl, t.args);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
      FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_notify_catalog_rows(%s)', t.tbl || '_notify_catalog_update', t.tbl, t.args);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS old_rows
      FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_notify_catalog_rows(%s)', t.tbl || '_notify_catalog_delete', t.tbl, t.args);
  END LOOP;
END $$;
