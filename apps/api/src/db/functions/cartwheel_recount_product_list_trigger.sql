-- TRUNCATE fires no row or transition-table triggers: recount.
CREATE OR REPLACE FUNCTION public.cartwheel_recount_product_list_trigger()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM cartwheel_recount_product_list();
  RETURN NULL;
END $function$;
