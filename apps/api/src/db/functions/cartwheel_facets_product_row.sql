-- A product's own columns: a row trigger with a WHEN, so a stock update that does not cross zero
-- (checkout) never runs it.
CREATE OR REPLACE FUNCTION public.cartwheel_facets_product_row()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM cartwheel_refresh_product_facets(ARRAY[NEW.id]);
  RETURN NULL;
END $function$;
