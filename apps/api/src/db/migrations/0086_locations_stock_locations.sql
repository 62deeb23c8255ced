-- Stock in several locations (decision 0095). A location holds stock; the sellable total of an item
-- (product_variants.inventory_level, or products.inventory_level for a product without variants) stays
-- the one row checkout locks and is kept equal to the on-hand stock of the active locations that serve
-- online orders. The default location takes today's stock, so nothing changes for an existing shop.
CREATE TABLE IF NOT EXISTS "stock_locations" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "name" text NOT NULL,
  "kind" text DEFAULT 'warehouse' NOT NULL,
  "address_line_1" text,
  "address_line_2" text,
  "city" text,
  "state_province" text,
  "postal_code" text,
  "country" text,
  "serves_online" boolean DEFAULT true NOT NULL,
  "active" boolean DEFAULT true NOT NULL,
  "is_default" boolean DEFAULT false NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "stock_locations_kind_check" CHECK ("kind" IN ('warehouse', 'shop', 'pop_up')),
  -- The default location always sells online: legacy writes of a total land there.
  CONSTRAINT "stock_locations_default_check" CHECK (NOT "is_default" OR ("serves_online" AND "active"))
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "stock_locations_default_key" ON "stock_locations" ("is_default") WHERE "is_default";
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "stock_locations_name_key" ON "stock_locations" (lower("name"));
--> statement-breakpoint
-- On-hand stock of one item (a variant, or a product without variants) at one location.
CREATE TABLE IF NOT EXISTS "stock_levels" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "location_id" uuid NOT NULL REFERENCES "stock_locations"("id") ON DELETE CASCADE,
  "product_id" uuid NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
  "variant_id" uuid REFERENCES "product_variants"("id") ON DELETE CASCADE,
  "on_hand" integer DEFAULT 0 NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "stock_levels_on_hand_check" CHECK ("on_hand" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "stock_levels_item_key" ON "stock_levels" ("location_id", coalesce("variant_id", "product_id"));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stock_levels_item_idx" ON "stock_levels" (coalesce("variant_id", "product_id"));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stock_levels_product_idx" ON "stock_levels" ("product_id");
--> statement-breakpoint
-- Every move of stock at a location, written by the stock_levels trigger from the transaction's
-- stock context (reason, reference, staff member).
CREATE TABLE IF NOT EXISTS "stock_moves" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  -- The order moves were made in (clock readings can tie).
  "seq" bigint GENERATED ALWAYS AS IDENTITY NOT NULL,
  "location_id" uuid NOT NULL REFERENCES "stock_locations"("id") ON DELETE CASCADE,
  "product_id" uuid NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
  "variant_id" uuid REFERENCES "product_variants"("id") ON DELETE CASCADE,
  "delta" integer NOT NULL,
  "on_hand" integer NOT NULL,
  "reason" text NOT NULL,
  "reference_id" uuid,
  "staff_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
  CONSTRAINT "stock_moves_reason_check" CHECK ("reason" IN ('sale', 'cancellation', 'return', 'edit', 'exchange',
    'fulfilment', 'transfer_out', 'transfer_in', 'count', 'adjustment'))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stock_moves_item_idx" ON "stock_moves" (coalesce("variant_id", "product_id"), "seq");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stock_moves_reference_idx" ON "stock_moves" ("reference_id") WHERE "reference_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stock_moves_location_idx" ON "stock_moves" ("location_id");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "stock_transfers" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "origin_id" uuid NOT NULL REFERENCES "stock_locations"("id") ON DELETE RESTRICT,
  "destination_id" uuid NOT NULL REFERENCES "stock_locations"("id") ON DELETE RESTRICT,
  "status" text DEFAULT 'draft' NOT NULL,
  "note" text,
  "created_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "sent_at" timestamp with time zone,
  "received_at" timestamp with time zone,
  "cancelled_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "stock_transfers_status_check" CHECK ("status" IN ('draft', 'in_transit', 'received', 'cancelled')),
  CONSTRAINT "stock_transfers_places_check" CHECK ("origin_id" <> "destination_id")
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "stock_transfers_status_idx" ON "stock_transfers" ("status", "created_at");
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "stock_transfer_lines" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "transfer_id" uuid NOT NULL REFERENCES "stock_transfers"("id") ON DELETE CASCADE,
  "product_id" uuid NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
  "variant_id" uuid REFERENCES "product_variants"("id") ON DELETE CASCADE,
  "quantity" integer NOT NULL,
  CONSTRAINT "stock_transfer_lines_quantity_check" CHECK ("quantity" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "stock_transfer_lines_item_key" ON "stock_transfer_lines" ("transfer_id", coalesce("variant_id", "product_id"));
--> statement-breakpoint
-- Where a fulfilment ships from (null: before locations, or a fulfilment of nothing stocked).
ALTER TABLE "fulfilments" ADD COLUMN IF NOT EXISTS "location_id" uuid REFERENCES "stock_locations"("id") ON DELETE SET NULL;
--> statement-breakpoint
-- The location a Point of Sale draft order sells from (null: allocated like an online order).
ALTER TABLE "draft_orders" ADD COLUMN IF NOT EXISTS "location_id" uuid REFERENCES "stock_locations"("id") ON DELETE SET NULL;
--> statement-breakpoint
INSERT INTO "stock_locations" ("name", "kind", "is_default")
SELECT 'Main warehouse', 'warehouse', true WHERE NOT EXISTS (SELECT 1 FROM "stock_locations");
--> statement-breakpoint
INSERT INTO "stock_levels" ("location_id", "product_id", "variant_id", "on_hand")
SELECT l.id, v.product_id, v.id, v.inventory_level FROM "product_variants" v, "stock_locations" l WHERE l.is_default
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "stock_levels" ("location_id", "product_id", "variant_id", "on_hand")
SELECT l.id, p.id, NULL, p.inventory_level FROM "products" p, "stock_locations" l
WHERE l.is_default AND NOT EXISTS (SELECT 1 FROM "product_variants" v WHERE v.product_id = p.id)
ON CONFLICT DO NOTHING;
--> statement-breakpoint
-- Written by `npm run db:functions` from apps/api/src/db/functions and apps/api/src/db/triggers.
-- A write of an item's sellable total (checkout's conditional take, a cancellation, a refund's restock,
-- the back office's stock field, an import) moves the on-hand stock of the locations that serve online
-- orders with it, so the total stays their sum (decision 0095). A take comes from the transaction's
-- preferred location first, then those in the shipping country, then the default, split when one has
-- too little; a give-back returns first to where the same reference (order) took from, the rest to
-- the preferred or default location. A new item starts at the default location. Writes made by the
-- levels' own trigger (cartwheel.stock_sync) are already in the levels.
CREATE OR REPLACE FUNCTION public.cartwheel_stock_follow_total()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  item_product uuid;
  item_variant uuid;
  delta int;
  remaining int;
  part int;
  lvl record;
  prefer uuid := nullif(current_setting('cartwheel.stock_location', true), '')::uuid;
  ref uuid := nullif(current_setting('cartwheel.stock_ref', true), '')::uuid;
  near text := upper(nullif(current_setting('cartwheel.stock_near', true), ''));
BEGIN
  IF coalesce(current_setting('cartwheel.stock_sync', true), '') = 'on' THEN
    RETURN NULL;
  END IF;
  -- Each branch reads only the fields its table has.
  IF TG_TABLE_NAME = 'product_variants' THEN
    item_product := NEW.product_id;
    item_variant := NEW.id;
  ELSE
    item_product := NEW.id;
  END IF;
  PERFORM set_config('cartwheel.stock_sync', 'on', true);
  IF TG_OP = 'INSERT' THEN
    INSERT INTO stock_levels (location_id, product_id, variant_id, on_hand)
      SELECT s.id, item_product, item_variant, NEW.inventory_level FROM stock_locations s WHERE s.is_default
      ON CONFLICT DO NOTHING;
  ELSE
    delta := NEW.inventory_level - OLD.inventory_level;
    remaining := abs(delta);
    IF delta < 0 THEN
      FOR lvl IN SELECT l.id, l.on_hand FROM stock_levels l JOIN stock_locations s ON s.id = l.location_id
          WHERE coalesce(l.variant_id, l.product_id) = NEW.id AND s.active AND s.serves_online AND l.on_hand > 0
          ORDER BY (s.id = prefer) IS TRUE DESC, (upper(s.country) = near) IS TRUE DESC, s.is_default DESC,
            s.created_at, s.id
          FOR UPDATE OF l
      LOOP
        part := least(remaining, lvl.on_hand);
        UPDATE stock_levels SET on_hand = on_hand - part, updated_at = now() WHERE id = lvl.id;
        remaining := remaining - part;
        EXIT WHEN remaining = 0;
      END LOOP;
    ELSE
      IF ref IS NOT NULL THEN
        FOR lvl IN SELECT m.location_id, (-sum(m.delta))::int AS owed FROM stock_moves m
            JOIN stock_locations s ON s.id = m.location_id
            WHERE m.reference_id = ref AND coalesce(m.variant_id, m.product_id) = NEW.id AND s.active AND s.serves_online
            GROUP BY m.location_id HAVING sum(m.delta) < 0 ORDER BY min(m.seq)
        LOOP
          part := least(remaining, lvl.owed);
          UPDATE stock_levels SET on_hand = on_hand + part, updated_at = now()
            WHERE location_id = lvl.location_id AND coalesce(variant_id, product_id) = NEW.id;
          remaining := remaining - part;
          EXIT WHEN remaining = 0;
        END LOOP;
      END IF;
      IF remaining > 0 THEN
        INSERT INTO stock_levels (location_id, product_id, variant_id, on_hand)
          SELECT s.id, item_product, item_variant, remaining FROM stock_locations s WHERE s.active AND s.serves_online
          ORDER BY (s.id = prefer) IS TRUE DESC, s.is_default DESC, s.created_at, s.id LIMIT 1
          ON CONFLICT (location_id, coalesce(variant_id, product_id))
          DO UPDATE SET on_hand = stock_levels.on_hand + EXCLUDED.on_hand, updated_at = now();
      END IF;
    END IF;
  END IF;
  PERFORM set_config('cartwheel.stock_sync', '', true);
  RETURN NULL;
END $function$;--> statement-breakpoint
-- Every change of a location's on-hand stock is written to the stock history with the transaction's
-- stock context (reason, reference, staff member). A change made at a location (a transfer, a count,
-- a Point of Sale sale, a restock to a chosen location) moves the item's sellable total with it when
-- the location serves online orders (decision 0095); changes that follow the total are flagged by
-- cartwheel.stock_sync and already in it.
CREATE OR REPLACE FUNCTION public.cartwheel_stock_level_moved()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
DECLARE
  delta int;
BEGIN
  IF TG_OP = 'INSERT' THEN
    delta := NEW.on_hand;
  ELSE
    delta := NEW.on_hand - OLD.on_hand;
  END IF;
  IF delta = 0 THEN
    RETURN NULL;
  END IF;
  INSERT INTO stock_moves (location_id, product_id, variant_id, delta, on_hand, reason, reference_id, staff_id)
    VALUES (NEW.location_id, NEW.product_id, NEW.variant_id, delta, NEW.on_hand,
      coalesce(nullif(current_setting('cartwheel.stock_reason', true), ''), 'adjustment'),
      nullif(current_setting('cartwheel.stock_ref', true), '')::uuid,
      nullif(current_setting('cartwheel.stock_staff', true), '')::uuid);
  IF coalesce(current_setting('cartwheel.stock_sync', true), '') <> 'on'
      AND EXISTS (SELECT 1 FROM stock_locations s WHERE s.id = NEW.location_id AND s.active AND s.serves_online) THEN
    PERFORM set_config('cartwheel.stock_sync', 'on', true);
    IF NEW.variant_id IS NOT NULL THEN
      UPDATE product_variants SET inventory_level = inventory_level + delta WHERE id = NEW.variant_id;
    ELSE
      UPDATE products SET inventory_level = inventory_level + delta WHERE id = NEW.product_id;
    END IF;
    PERFORM set_config('cartwheel.stock_sync', '', true);
  END IF;
  RETURN NULL;
END $function$;--> statement-breakpoint
CREATE TRIGGER product_variants_stock_follow_insert AFTER INSERT ON public.product_variants FOR EACH ROW EXECUTE FUNCTION cartwheel_stock_follow_total();--> statement-breakpoint
CREATE TRIGGER product_variants_stock_follow_update AFTER UPDATE OF inventory_level ON public.product_variants FOR EACH ROW WHEN ((old.inventory_level <> new.inventory_level)) EXECUTE FUNCTION cartwheel_stock_follow_total();--> statement-breakpoint
CREATE TRIGGER products_stock_follow_insert AFTER INSERT ON public.products FOR EACH ROW EXECUTE FUNCTION cartwheel_stock_follow_total();--> statement-breakpoint
CREATE TRIGGER products_stock_follow_update AFTER UPDATE OF inventory_level ON public.products FOR EACH ROW WHEN ((old.inventory_level <> new.inventory_level)) EXECUTE FUNCTION cartwheel_stock_follow_total();--> statement-breakpoint
CREATE TRIGGER stock_levels_moved_insert AFTER INSERT ON public.stock_levels FOR EACH ROW EXECUTE FUNCTION cartwheel_stock_level_moved();--> statement-breakpoint
CREATE TRIGGER stock_levels_moved_update AFTER UPDATE OF on_hand ON public.stock_levels FOR EACH ROW WHEN ((old.on_hand <> new.on_hand)) EXECUTE FUNCTION cartwheel_stock_level_moved();
