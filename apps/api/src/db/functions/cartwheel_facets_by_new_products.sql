CREATE OR REPLACE FUNCTION public.cartwheel_facets_by_new_products()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM cartwheel_refresh_product_facets(ARRAY(SELECT id FROM new_rows));
  RETURN NULL;
END $function$;
