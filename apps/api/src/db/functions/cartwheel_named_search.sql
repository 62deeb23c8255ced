-- A new brand or category brings its words; a renamed one (or a category shown or hidden) also
-- refreshes its products.
CREATE OR REPLACE FUNCTION public.cartwheel_named_search()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM cartwheel_add_search_terms(ARRAY[NEW.name]);
  IF TG_OP = 'UPDATE' THEN
    PERFORM cartwheel_refresh_product_search(CASE TG_TABLE_NAME
      WHEN 'brands' THEN ARRAY(SELECT id FROM products WHERE brand_id = NEW.id)
      ELSE ARRAY(SELECT product_id FROM product_categories WHERE category_id = NEW.id) END);
  END IF;
  RETURN NULL;
END $function$;
