-- Row-level on the words only: stock and price updates never reach it.
CREATE OR REPLACE FUNCTION public.cartwheel_product_terms_row()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM cartwheel_add_search_terms(ARRAY[NEW.name || ' ' || NEW.description]);
  RETURN NULL;
END $function$;
