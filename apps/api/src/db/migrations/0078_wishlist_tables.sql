-- Wishlists: one per shopper, made with its first item; the share token opens a read-only page.
CREATE TABLE IF NOT EXISTS "wishlists" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "share_token" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "wishlists_user_key" UNIQUE ("user_id"),
  CONSTRAINT "wishlists_share_token_key" UNIQUE ("share_token")
);
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "wishlist_items" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  "wishlist_id" uuid NOT NULL REFERENCES "wishlists"("id") ON DELETE CASCADE,
  "product_id" uuid NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
  "variant_id" uuid REFERENCES "product_variants"("id") ON DELETE CASCADE,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "wishlist_items_item_key" UNIQUE NULLS NOT DISTINCT ("wishlist_id", "product_id", "variant_id")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "wishlist_items_list_idx" ON "wishlist_items" ("wishlist_id", "created_at");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "wishlist_items_product_idx" ON "wishlist_items" ("product_id");
--> statement-breakpoint
-- "Email me when it's back": one waiting row per address and item (coalesce(variant_id, product_id):
-- a variant's id never equals a product's), emailed once (notified) or ended by an unsubscribe.
CREATE TABLE IF NOT EXISTS "stock_alerts" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  "product_id" uuid NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
  "variant_id" uuid REFERENCES "product_variants"("id") ON DELETE CASCADE,
  "email" text NOT NULL,
  "user_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "locale" text,
  "status" text DEFAULT 'waiting' NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "notified_at" timestamp with time zone,
  CONSTRAINT "stock_alerts_status_check" CHECK ("status" IN ('waiting', 'notified', 'cancelled'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "stock_alerts_waiting_key" ON "stock_alerts" (coalesce("variant_id", "product_id"), "email") WHERE "status" = 'waiting';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stock_alerts_queue_idx" ON "stock_alerts" (coalesce("variant_id", "product_id"), "created_at", "id") WHERE "status" = 'waiting';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stock_alerts_product_idx" ON "stock_alerts" ("product_id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stock_alerts_variant_idx" ON "stock_alerts" ("variant_id") WHERE "variant_id" IS NOT NULL;
--> statement-breakpoint
-- Stock that came back to an item someone waits for, until the stock-alerts job takes it.
CREATE TABLE IF NOT EXISTS "stock_alert_restocks" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "product_id" uuid NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
  "variant_id" uuid REFERENCES "product_variants"("id") ON DELETE CASCADE,
  "units" integer NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "stock_alert_restocks_units_check" CHECK ("units" > 0)
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stock_alert_restocks_item_idx" ON "stock_alert_restocks" (coalesce("variant_id", "product_id"));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stock_alert_restocks_variant_idx" ON "stock_alert_restocks" ("variant_id") WHERE "variant_id" IS NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.cartwheel_stock_alert_restock()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  item_product uuid;
  item_variant uuid;
BEGIN
  -- Each branch reads only the fields its table has.
  IF TG_TABLE_NAME = 'product_variants' THEN
    item_product := NEW.product_id;
    item_variant := NEW.id;
  ELSE
    item_product := NEW.id;
  END IF;
  IF EXISTS (SELECT 1 FROM stock_alerts a
      WHERE coalesce(a.variant_id, a.product_id) = NEW.id AND a.status = 'waiting') THEN
    INSERT INTO stock_alert_restocks (product_id, variant_id, units)
      VALUES (item_product, item_variant, NEW.inventory_level - OLD.inventory_level);
  END IF;
  RETURN NULL;
END $function$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "product_variants_stock_alert_restock" ON "product_variants";
--> statement-breakpoint
CREATE TRIGGER product_variants_stock_alert_restock AFTER UPDATE OF inventory_level ON public.product_variants
  FOR EACH ROW
  WHEN ((new.inventory_level > old.inventory_level))
  EXECUTE FUNCTION cartwheel_stock_alert_restock();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "products_stock_alert_restock" ON "products";
--> statement-breakpoint
CREATE TRIGGER products_stock_alert_restock AFTER UPDATE OF inventory_level ON public.products
  FOR EACH ROW
  WHEN ((new.inventory_level > old.inventory_level))
  EXECUTE FUNCTION cartwheel_stock_alert_restock();
