-- Adds `delta` to the rows a visible product counts in: its own and one per category it is in.
CREATE OR REPLACE FUNCTION public.cartwheel_count_product(product uuid, brand uuid, featured boolean, delta integer)
 RETURNS void
 LANGUAGE sql
AS $function$
  INSERT INTO storefront_list_counts AS c (category_id, brand_id, is_featured, products)
  SELECT k.category_id, brand, featured, delta
  FROM (SELECT NULL::uuid AS category_id
        UNION ALL SELECT pc.category_id FROM product_categories pc WHERE pc.product_id = product) k
  ORDER BY k.category_id NULLS FIRST
  ON CONFLICT ON CONSTRAINT storefront_list_counts_key DO UPDATE SET products = c.products + EXCLUDED.products;
$function$;
