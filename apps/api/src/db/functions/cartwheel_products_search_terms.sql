CREATE OR REPLACE FUNCTION public.cartwheel_products_search_terms()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM cartwheel_add_search_terms(ARRAY(SELECT name || ' ' || description FROM new_products));
  RETURN NULL;
END $function$;
