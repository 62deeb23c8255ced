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
END $function$;
