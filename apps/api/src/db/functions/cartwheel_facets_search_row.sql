-- The words changed (a name, description or SKU edited, a variant's SKU, a category or brand renamed
-- or a category hidden: each rewrites products.search_vector).
CREATE OR REPLACE FUNCTION public.cartwheel_facets_search_row()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE product_facets f SET search_vector = NEW.search_vector
  WHERE f.product_id = NEW.id AND f.search_vector IS DISTINCT FROM NEW.search_vector;
  RETURN NULL;
END $function$;
