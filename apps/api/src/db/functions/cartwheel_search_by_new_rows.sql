CREATE OR REPLACE FUNCTION public.cartwheel_search_by_new_rows()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM cartwheel_refresh_product_search(ARRAY(SELECT DISTINCT product_id FROM new_rows));
  RETURN NULL;
END $function$;
