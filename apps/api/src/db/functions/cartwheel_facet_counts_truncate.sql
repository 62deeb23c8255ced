-- TRUNCATE products CASCADE empties product_facets without row events: the counts go with it.
CREATE OR REPLACE FUNCTION public.cartwheel_facet_counts_truncate()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  DELETE FROM facet_counts;
  RETURN NULL;
END $function$;
