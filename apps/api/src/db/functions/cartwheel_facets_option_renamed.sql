-- Renames (back office, one row at a time): the product, and the old spelling's display.
CREATE OR REPLACE FUNCTION public.cartwheel_facets_option_renamed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM cartwheel_refresh_product_facets(ARRAY[NEW.product_id, OLD.product_id]);
  PERFORM cartwheel_refresh_option_labels(ARRAY(SELECT k.id FROM facet_keys k
    WHERE k.option_name IN (lower(OLD.name), lower(NEW.name))));
  RETURN NULL;
END $function$;
