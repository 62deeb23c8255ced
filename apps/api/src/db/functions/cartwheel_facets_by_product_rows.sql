-- Tables written in bulk (imports, seeding) refresh their products once per statement.
CREATE OR REPLACE FUNCTION public.cartwheel_facets_by_product_rows()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM cartwheel_refresh_product_facets(ARRAY(SELECT DISTINCT product_id FROM old_rows));
  ELSE
    PERFORM cartwheel_refresh_product_facets(ARRAY(SELECT DISTINCT product_id FROM new_rows));
  END IF;
  RETURN NULL;
END $function$;
