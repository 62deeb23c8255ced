CREATE OR REPLACE FUNCTION public.cartwheel_facets_value_renamed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM cartwheel_refresh_product_facets(ARRAY(SELECT product_id FROM product_options
    WHERE id IN (OLD.option_id, NEW.option_id)));
  PERFORM cartwheel_refresh_option_labels(ARRAY(SELECT k.id FROM product_options o
    JOIN facet_keys k ON k.option_name = lower(o.name) AND k.option_value IN (lower(OLD.label), lower(NEW.label))
    WHERE o.id IN (OLD.option_id, NEW.option_id)));
  RETURN NULL;
END $function$;
