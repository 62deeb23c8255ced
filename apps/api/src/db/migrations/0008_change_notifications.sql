-- Change notifications for the in-process read caches (docs/decisions/0012-read-caches.md).
-- Every server process LISTENs on these channels and drops what a committed change made stale.
-- pg_notify is transactional: a notification is delivered at commit, and not at all on rollback.

-- Anything the storefront's catalog reads show: one notification per statement, no payload
-- (PostgreSQL folds identical notifications of one transaction into one).
CREATE FUNCTION cartwheel_notify_catalog() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('cartwheel_catalog', '');
  RETURN NULL;
END $$;--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['products', 'product_variants', 'product_images', 'product_options',
    'product_option_values', 'variant_option_values', 'product_categories', 'categories', 'brands']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I
      FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_notify_catalog()', t || '_notify_catalog', t);
  END LOOP;
END $$;--> statement-breakpoint

-- Who a signed-in request belongs to (session, account flags, profile and role): the user's id.
CREATE FUNCTION cartwheel_notify_viewer() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('cartwheel_viewer', OLD.user_id::text);
  ELSE
    PERFORM pg_notify('cartwheel_viewer', OLD.id::text);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['sessions', 'users', 'profiles']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE OR DELETE ON %I
      FOR EACH ROW EXECUTE FUNCTION cartwheel_notify_viewer()', t || '_notify_viewer', t);
  END LOOP;
END $$;
