-- Rebuilds the facet rows of these products from the catalog: a row for each visible, non-deleted
-- one, none for the others. A row whose values did not change is not written (no count moves).
CREATE OR REPLACE FUNCTION public.cartwheel_refresh_product_facets(ids uuid[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO facet_keys (option_name, option_value, name, label, sort_order)
  SELECT lower(o.name), lower(v.label), min(o.name), min(v.label), min(v.sort_order)
  FROM product_options o JOIN product_option_values v ON v.option_id = o.id
  WHERE o.product_id = ANY(ids)
  GROUP BY 1, 2 ORDER BY 1, 2
  ON CONFLICT (option_name, option_value) DO UPDATE SET name = least(facet_keys.name, excluded.name),
    label = least(facet_keys.label, excluded.label), sort_order = least(facet_keys.sort_order, excluded.sort_order)
  WHERE (facet_keys.name, facet_keys.label, facet_keys.sort_order) IS DISTINCT FROM
    (least(facet_keys.name, excluded.name), least(facet_keys.label, excluded.label),
     least(facet_keys.sort_order, excluded.sort_order));
  DELETE FROM product_facets f WHERE f.product_id = ANY(ids) AND NOT EXISTS (
    SELECT FROM products p WHERE p.id = f.product_id AND p.is_visible AND p.deleted_at IS NULL);
  -- Shown categories (visible with every ancestor visible) with their paths, as in the storefront.
  WITH RECURSIVE shown AS (
    SELECT c.id, ARRAY[c.id] AS path FROM categories c WHERE c.is_visible AND c.parent_id IS NULL
    UNION ALL
    SELECT c.id, s.path || c.id FROM categories c JOIN shown s ON c.parent_id = s.id WHERE c.is_visible
  ), cats AS MATERIALIZED (
    SELECT pc.product_id, array_agg(DISTINCT k.id ORDER BY k.id) AS keys
    FROM product_categories pc JOIN shown s ON s.id = pc.category_id
    CROSS JOIN LATERAL unnest(s.path) up(id) JOIN facet_keys k ON k.category_id = up.id
    WHERE pc.product_id = ANY(ids) GROUP BY pc.product_id
  )
  INSERT INTO product_facets (product_id, price, created_at, name_key, is_featured, in_stock, on_sale, keys, categories)
  SELECT p.id, p.effective_price, p.created_at, lower(p.name), p.is_featured,
    COALESCE((SELECT bool_or(v.inventory_level > 0) FROM product_variants v WHERE v.product_id = p.id),
      p.inventory_level > 0),
    p.effective_price < p.price OR EXISTS (SELECT FROM product_variants v
      WHERE v.product_id = p.id AND v.sale_price > 0 AND v.sale_price < v.price),
    ARRAY(SELECT k FROM (
      SELECT unnest(c.keys) AS k
      UNION SELECT bk.id FROM facet_keys bk WHERE bk.brand_id = p.brand_id
      UNION SELECT ok.id FROM product_options o JOIN product_option_values v ON v.option_id = o.id
        JOIN facet_keys ok ON ok.option_name = lower(o.name) AND ok.option_value = lower(v.label)
        WHERE o.product_id = p.id) x ORDER BY k),
    COALESCE(c.keys, '{}')
  FROM products p LEFT JOIN cats c ON c.product_id = p.id
  WHERE p.id = ANY(ids) AND p.is_visible AND p.deleted_at IS NULL
  ORDER BY p.id
  ON CONFLICT (product_id) DO UPDATE SET price = excluded.price, created_at = excluded.created_at,
    name_key = excluded.name_key, is_featured = excluded.is_featured, in_stock = excluded.in_stock,
    on_sale = excluded.on_sale, keys = excluded.keys, categories = excluded.categories
  WHERE (product_facets.price, product_facets.created_at, product_facets.name_key, product_facets.is_featured,
      product_facets.in_stock, product_facets.on_sale, product_facets.keys, product_facets.categories)
    IS DISTINCT FROM (excluded.price, excluded.created_at, excluded.name_key, excluded.is_featured,
      excluded.in_stock, excluded.on_sale, excluded.keys, excluded.categories);
END $function$;
