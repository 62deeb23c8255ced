-- Adds `delta` for each category link (product_ids[i], category_ids[i]) of a visible product. Locks
-- those products first, in id order: a concurrent change of a product's visibility, brand or featured
-- flag then either committed before (and its result is read here) or waits for this transaction (and
-- then sees these links), so every link is counted exactly once. Links of hidden or deleted products
-- (or of a product being hard-deleted, whose cascade lands here) count nothing.
CREATE OR REPLACE FUNCTION public.cartwheel_count_category_links(product_ids uuid[], category_ids uuid[], delta integer)
 RETURNS void
 LANGUAGE sql
AS $function$
  WITH links AS (
    SELECT l.product_id, l.category_id FROM unnest(product_ids, category_ids) AS l(product_id, category_id)
  ), listed AS (
    SELECT p.id, p.brand_id, p.is_featured FROM products p
    WHERE p.id IN (SELECT product_id FROM links) AND p.is_visible AND p.deleted_at IS NULL
    ORDER BY p.id FOR NO KEY UPDATE
  )
  INSERT INTO storefront_list_counts AS c (category_id, brand_id, is_featured, products)
  SELECT l.category_id, p.brand_id, p.is_featured, count(*)::int * delta
  FROM links l JOIN listed p ON p.id = l.product_id
  GROUP BY l.category_id, p.brand_id, p.is_featured
  ORDER BY l.category_id, p.brand_id NULLS FIRST, p.is_featured
  ON CONFLICT ON CONSTRAINT storefront_list_counts_key DO UPDATE SET products = c.products + EXCLUDED.products;
$function$;
