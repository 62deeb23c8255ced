CREATE OR REPLACE FUNCTION public.cartwheel_facets_by_option_values()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM cartwheel_refresh_product_facets(ARRAY(SELECT DISTINCT o.product_id FROM old_rows r
      JOIN product_options o ON o.id = r.option_id));
    PERFORM cartwheel_refresh_option_labels(ARRAY(SELECT k.id FROM old_rows r
      JOIN product_options o ON o.id = r.option_id
      JOIN facet_keys k ON k.option_name = lower(o.name) AND k.option_value = lower(r.label)));
  ELSE
    PERFORM cartwheel_refresh_product_facets(ARRAY(SELECT DISTINCT o.product_id FROM new_rows r
      JOIN product_options o ON o.id = r.option_id));
  END IF;
  RETURN NULL;
END $function$;
