-- facet_counts follows product_facets by deltas (never a recount), summed per statement and written
-- in (scope, key) order, so concurrent writers add up and never wait for each other crosswise.
-- Only the pairs whose count moves are written: a product selling out moves its scopes' key -1.
CREATE OR REPLACE FUNCTION public.cartwheel_facet_counts_delta()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO facet_counts (scope, key, products)
    SELECT scope, key, sum(n)::int FROM (
      SELECT c.scope, c.key, 1 AS n FROM new_rows r, cartwheel_facet_pairs(r.categories, r.keys, r.in_stock, r.on_sale) c
    ) d GROUP BY 1, 2 HAVING sum(n) <> 0 ORDER BY 1, 2
    ON CONFLICT (scope, key) DO UPDATE SET products = facet_counts.products + excluded.products;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO facet_counts (scope, key, products)
    SELECT scope, key, sum(n)::int FROM (
      SELECT c.scope, c.key, -1 AS n FROM old_rows r, cartwheel_facet_pairs(r.categories, r.keys, r.in_stock, r.on_sale) c
    ) d GROUP BY 1, 2 HAVING sum(n) <> 0 ORDER BY 1, 2
    ON CONFLICT (scope, key) DO UPDATE SET products = facet_counts.products + excluded.products;
  ELSE
    INSERT INTO facet_counts (scope, key, products)
    SELECT scope, key, sum(n)::int FROM (
      SELECT c.scope, c.key, 1 AS n FROM new_rows r, cartwheel_facet_pairs(r.categories, r.keys, r.in_stock, r.on_sale) c
      UNION ALL
      SELECT c.scope, c.key, -1 AS n FROM old_rows r, cartwheel_facet_pairs(r.categories, r.keys, r.in_stock, r.on_sale) c
    ) d GROUP BY 1, 2 HAVING sum(n) <> 0 ORDER BY 1, 2
    ON CONFLICT (scope, key) DO UPDATE SET products = facet_counts.products + excluded.products;
  END IF;
  RETURN NULL;
END $function$;
