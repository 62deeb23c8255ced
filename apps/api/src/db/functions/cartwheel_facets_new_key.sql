-- A new category or brand gets its key; a category moved, shown or hidden rebuilds the products in
-- it and below it (their ancestor keys change).
CREATE OR REPLACE FUNCTION public.cartwheel_facets_new_key()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_TABLE_NAME = 'categories' THEN
    INSERT INTO facet_keys (category_id) VALUES (NEW.id);
  ELSE
    INSERT INTO facet_keys (brand_id) VALUES (NEW.id);
  END IF;
  RETURN NULL;
END $function$;
