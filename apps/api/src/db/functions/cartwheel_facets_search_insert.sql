CREATE OR REPLACE FUNCTION public.cartwheel_facets_search_insert()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  NEW.search_vector := (SELECT p.search_vector FROM products p WHERE p.id = NEW.product_id);
  RETURN NEW;
END $function$;
