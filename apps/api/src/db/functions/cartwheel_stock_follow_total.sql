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
END $function$;
