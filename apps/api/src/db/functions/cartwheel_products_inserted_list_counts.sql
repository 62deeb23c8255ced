-- New products: one delta per brand and featured flag (they have no categories yet).
CREATE OR REPLACE FUNCTION public.cartwheel_products_inserted_list_counts()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO storefront_list_counts AS c (category_id, brand_id, is_featured, products)
  SELECT NULL, n.brand_id, n.is_featured, count(*)::int FROM new_products n
  WHERE n.is_visible AND n.deleted_at IS NULL
  GROUP BY n.brand_id, n.is_featured ORDER BY n.brand_id NULLS FIRST, n.is_featured
  ON CONFLICT ON CONSTRAINT storefront_list_counts_key DO UPDATE SET products = c.products + EXCLUDED.products;
  RETURN NULL;
END $function$;
