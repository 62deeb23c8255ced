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
END $function$;
