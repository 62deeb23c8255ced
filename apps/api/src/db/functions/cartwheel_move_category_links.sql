CREATE OR REPLACE FUNCTION public.cartwheel_move_category_links(added product_categories[], removed product_categories[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pg_advisory_xact_lock(1668571233, k.key)
  FROM (SELECT DISTINCT hashtext(l.product_id::text) & 1023 AS key
    FROM (SELECT product_id FROM unnest(added) UNION ALL SELECT product_id FROM unnest(removed)) l ORDER BY 1) k;
  INSERT INTO order_category_sales AS d (grain, period_start, category_id, units, net_sales)
  SELECT s.grain, s.period_start, l.category_id, sum(l.sign * s.units), sum(l.sign * s.net_sales)
  FROM (SELECT 1 AS sign, * FROM unnest(added) UNION ALL SELECT -1, * FROM unnest(removed)) l
  JOIN order_product_sales s ON s.product_id = l.product_id
  GROUP BY 1, 2, 3 HAVING (sum(l.sign * s.units), sum(l.sign * s.net_sales)) <> (0, 0)
  ORDER BY 1, 2, 3
  ON CONFLICT (grain, period_start, category_id) DO UPDATE SET units = d.units + EXCLUDED.units,
    net_sales = d.net_sales + EXCLUDED.net_sales;
END $function$;
