-- An option removed takes its values with it: their products and their keys' display are refreshed.
CREATE OR REPLACE FUNCTION public.cartwheel_facets_options_deleted()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM cartwheel_refresh_product_facets(ARRAY(SELECT DISTINCT product_id FROM old_rows));
  PERFORM cartwheel_refresh_option_labels(ARRAY(SELECT k.id FROM facet_keys k
    WHERE k.option_name IN (SELECT lower(name) FROM old_rows)));
  RETURN NULL;
END $function$;
