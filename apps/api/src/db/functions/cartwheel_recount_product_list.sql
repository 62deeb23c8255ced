-- Recounts everything from scratch: after a TRUNCATE, and the repair if ever needed.
CREATE OR REPLACE FUNCTION public.cartwheel_recount_product_list()
 RETURNS void
 LANGUAGE sql
AS $function$
  DELETE FROM storefront_list_counts;
  INSERT INTO storefront_list_counts (category_id, brand_id, is_featured, products)
  SELECT NULL, p.brand_id, p.is_featured, count(*)::int FROM products p
  WHERE p.is_visible AND p.deleted_at IS NULL GROUP BY p.brand_id, p.is_featured
  UNION ALL
  SELECT pc.category_id, p.brand_id, p.is_featured, count(*)::int
  FROM product_categories pc JOIN products p ON p.id = pc.product_id
  WHERE p.is_visible AND p.deleted_at IS NULL GROUP BY pc.category_id, p.brand_id, p.is_featured;
$function$;
