-- A product leaving the list (hidden, deleted) or entering it, or changing brand or featured flag:
-- moves it and each of its category links. Runs holding the product's row lock, so a concurrent
-- change of its categories waits for it (cartwheel_count_category_links). Per row: such changes come one product at a
-- time, and stock and price updates, the frequent ones, skip it (column list and WHEN).
CREATE OR REPLACE FUNCTION public.cartwheel_products_list_counts()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF OLD.is_visible AND OLD.deleted_at IS NULL THEN
    PERFORM cartwheel_count_product(OLD.id, OLD.brand_id, OLD.is_featured, -1);
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  IF NEW.is_visible AND NEW.deleted_at IS NULL THEN
    PERFORM cartwheel_count_product(NEW.id, NEW.brand_id, NEW.is_featured, 1);
  END IF;
  RETURN NULL;
END $function$;
