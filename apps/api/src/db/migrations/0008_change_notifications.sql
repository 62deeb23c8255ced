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
CREATE TRIGGER products_notify_catalog AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_notify_catalog();--> statement-breakpoint
CREATE TRIGGER product_variants_notify_catalog AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_variants
  FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_notify_catalog();--> statement-breakpoint
CREATE TRIGGER product_images_notify_catalog AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_images
  FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_notify_catalog();--> statement-breakpoint
CREATE TRIGGER product_options_notify_catalog AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_options
  FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_notify_catalog();--> statement-breakpoint
CREATE TRIGGER product_option_values_notify_catalog AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_option_values
  FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_notify_catalog();--> statement-breakpoint
CREATE TRIGGER variant_option_values_notify_catalog AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON variant_option_values
  FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_notify_catalog();--> statement-breakpoint
CREATE TRIGGER product_categories_notify_catalog AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_categories
  FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_notify_catalog();--> statement-breakpoint
CREATE TRIGGER categories_notify_catalog AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_notify_catalog();--> statement-breakpoint
CREATE TRIGGER brands_notify_catalog AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON brands
  FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_notify_catalog();--> statement-breakpoint

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
CREATE TRIGGER sessions_notify_viewer AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION cartwheel_notify_viewer();--> statement-breakpoint
CREATE TRIGGER users_notify_viewer AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION cartwheel_notify_viewer();--> statement-breakpoint
CREATE TRIGGER profiles_notify_viewer AFTER UPDATE OR DELETE ON profiles
  FOR EACH ROW EXECUTE FUNCTION cartwheel_notify_viewer();
