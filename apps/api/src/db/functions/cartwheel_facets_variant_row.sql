CREATE OR REPLACE FUNCTION public.cartwheel_facets_variant_row()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM cartwheel_refresh_product_facets(ARRAY[NEW.product_id, OLD.product_id]);
  RETURN NULL;
END $function$;
