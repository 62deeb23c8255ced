-- A change to a product's variants' SKUs, its categories, or a brand or category name refreshes the
-- products concerned (statement-level where a bulk insert would otherwise update a product per row).
CREATE OR REPLACE FUNCTION public.cartwheel_refresh_product_search(ids uuid[])
 RETURNS void
 LANGUAGE sql
AS $function$
  UPDATE products p SET search_vector = cartwheel_product_search_vector(p.id, p.name, p.sku, p.description, p.brand_id)
  WHERE p.id IN (SELECT unnest(ids))
$function$;
