-- Written by `npm run db:functions` from apps/api/src/db/functions and apps/api/src/db/triggers,
-- after the table change written by hand: one row per transaction and item, holding its net change
-- (rows from before carry no transaction and count as they are).
ALTER TABLE "stock_alert_restocks" DROP CONSTRAINT IF EXISTS "stock_alert_restocks_units_check";--> statement-breakpoint
ALTER TABLE "stock_alert_restocks" ADD COLUMN IF NOT EXISTS "tx" bigint;--> statement-breakpoint
ALTER TABLE "stock_alert_restocks" ALTER COLUMN "tx" SET DEFAULT txid_current();--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "stock_alert_restocks_tx_key" ON "stock_alert_restocks" ("tx", coalesce("variant_id", "product_id"));--> statement-breakpoint
DROP TRIGGER "product_variants_stock_alert_restock" ON public."product_variants";--> statement-breakpoint
DROP TRIGGER "products_stock_alert_restock" ON public."products";--> statement-breakpoint
-- A change of stock on an item someone waits for is written down for the stock-alerts job, whatever
-- made it (the back office, an import, a refund's restock, an expired checkout, a location's move).
-- Changes add up per transaction, so units that leave one location selling online and come back at
-- another in the same transaction (a shipment from elsewhere) bring nothing back. Nobody waiting
-- costs one probe of stock_alerts_queue_idx.
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
      VALUES (item_product, item_variant, NEW.inventory_level - OLD.inventory_level)
      ON CONFLICT (tx, (coalesce(variant_id, product_id)))
      DO UPDATE SET units = stock_alert_restocks.units + EXCLUDED.units;
  END IF;
  RETURN NULL;
END $function$;--> statement-breakpoint
CREATE TRIGGER product_variants_stock_alert_restock AFTER UPDATE OF inventory_level ON public.product_variants FOR EACH ROW WHEN ((old.inventory_level <> new.inventory_level)) EXECUTE FUNCTION cartwheel_stock_alert_restock();--> statement-breakpoint
CREATE TRIGGER products_stock_alert_restock AFTER UPDATE OF inventory_level ON public.products FOR EACH ROW WHEN ((old.inventory_level <> new.inventory_level)) EXECUTE FUNCTION cartwheel_stock_alert_restock();
