-- A variant crossing zero re-derives only its product's in-stock flag (checkout pays nothing
-- otherwise); a variant's sale price or product changing rebuilds its products.
CREATE OR REPLACE FUNCTION public.cartwheel_facets_variant_stock()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE product_facets f SET in_stock = s.in_stock
  FROM (SELECT bool_or(v.inventory_level > 0) AS in_stock FROM product_variants v
    WHERE v.product_id = NEW.product_id) s
  WHERE f.product_id = NEW.product_id AND f.in_stock IS DISTINCT FROM s.in_stock;
  RETURN NULL;
END $function$;
