-- Category sales lock products by advisory locks: shared while a product's sales are added up into
-- its categories, exclusive while it joins or leaves a category (cartwheel_move_category_links). The
-- products share 1,024 stripes of that lock, taken in stripe order, so a statement that touches tens
-- of thousands of products (a catalog import) takes at most 1,024 locks and stays within the shared
-- lock table. Two products of one stripe exclude each other only while one of them changes its
-- categories (a back-office edit), for that transaction.
CREATE OR REPLACE FUNCTION public.cartwheel_add_product_sales(added order_product_sales[], removed order_product_sales[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO product_sales_bounds AS b (product_id, bound)
  SELECT c.product_id, sum(c.sign * greatest(c.net_sales, 0))
  FROM (SELECT 1 AS sign, * FROM unnest(added) UNION ALL SELECT -1, * FROM unnest(removed)) c
  WHERE c.grain = 'day'
  GROUP BY 1 HAVING sum(c.sign * greatest(c.net_sales, 0)) <> 0
  ORDER BY 1
  ON CONFLICT (product_id) DO UPDATE SET bound = b.bound + EXCLUDED.bound;
  PERFORM pg_advisory_xact_lock_shared(1668571233, k.key)
  FROM (SELECT DISTINCT hashtext(c.product_id::text) & 1023 AS key
    FROM (SELECT product_id FROM unnest(added) UNION ALL SELECT product_id FROM unnest(removed)) c ORDER BY 1) k;
  INSERT INTO order_category_sales AS d (grain, period_start, category_id, units, net_sales)
  SELECT c.grain, c.period_start, pc.category_id, sum(c.sign * c.units), sum(c.sign * c.net_sales)
  FROM (SELECT 1 AS sign, * FROM unnest(added) UNION ALL SELECT -1, * FROM unnest(removed)) c
  JOIN product_categories pc ON pc.product_id = c.product_id
  GROUP BY 1, 2, 3 HAVING (sum(c.sign * c.units), sum(c.sign * c.net_sales)) <> (0, 0)
  ORDER BY 1, 2, 3
  ON CONFLICT (grain, period_start, category_id) DO UPDATE SET units = d.units + EXCLUDED.units,
    net_sales = d.net_sales + EXCLUDED.net_sales;
END $function$;
