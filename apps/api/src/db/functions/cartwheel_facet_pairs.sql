-- The (scope, key) pairs a product_facets row counts for: its keys, 0, -1 in stock and -2 on sale,
-- within the whole catalog (0) and each of its categories.
CREATE OR REPLACE FUNCTION public.cartwheel_facet_pairs(categories integer[], keys integer[], in_stock boolean, on_sale boolean)
 RETURNS TABLE(scope integer, key integer)
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT s, k FROM unnest(0 || categories) s, unnest(keys || 0
    || CASE WHEN in_stock THEN ARRAY[-1] ELSE '{}'::integer[] END
    || CASE WHEN on_sale THEN ARRAY[-2] ELSE '{}'::integer[] END) k
$function$;
