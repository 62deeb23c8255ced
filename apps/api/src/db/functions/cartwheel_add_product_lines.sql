-- The lines a statement changed, of orders that count as sold: the difference (its new lines +1, its
-- old lines -1; an update is both) is added to the day and the month of each line's order. A statement whose lines'
-- figures do not move (a fulfilment) reads no order and writes nothing; a checkout's lines belong to
-- an unpaid order and add nothing (the payment adds them: cartwheel_order_analytics, on orders). Lines of an
-- existing order change outside checkout only by plain SQL; the trigger on order_items (cartwheel_order_line_sums) updates
-- the order row first whenever the units or refunds move, so a concurrent payment of that order is
-- waited for and seen. Net sales in the base currency, line by line at the order's subtotal rate
-- (cartwheel_base_amount), as cartwheel_order_analytics converts them.
CREATE OR REPLACE FUNCTION public.cartwheel_add_product_lines(added order_items[], removed order_items[])
 RETURNS void
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO order_product_sales AS d (grain, period_start, product_id, product_name, lines, units, net_sales)
  SELECT g.grain, date_trunc(g.grain, o.created_at AT TIME ZONE 'UTC')::date, c.product_id, c.product_name,
    sum(c.lines), sum(c.lines * c.units),
    sum(c.lines * cartwheel_base_amount(c.net_sales, o.base_subtotal_amount, o.subtotal_amount))
  FROM (
    -- Lines with the same figures cancel out (a fulfilment's old and new rows) before any order is read.
    SELECT l.order_id, l.product_id, l.product_name, sum(l.sign) AS lines,
      l.quantity - l.refunded_quantity AS units,
      l.total_amount - l.discount_amount - l.refunded_quantity::bigint * l.price_per_item AS net_sales
    FROM (SELECT 1 AS sign, * FROM unnest(added) UNION ALL SELECT -1, * FROM unnest(removed)) l
    WHERE l.product_id IS NOT NULL
    GROUP BY 1, 2, 3, 5, 6
    HAVING sum(l.sign) <> 0
  ) c
  JOIN orders o ON o.id = c.order_id
  CROSS JOIN (VALUES ('day'), ('month')) g (grain)
  WHERE o.payment_status::text IN ('paid', 'partially_refunded', 'refunded') AND o.status <> 'cancelled'
  GROUP BY 1, 2, 3, 4
  HAVING (sum(c.lines), sum(c.lines * c.units),
    sum(c.lines * cartwheel_base_amount(c.net_sales, o.base_subtotal_amount, o.subtotal_amount))) <> (0, 0, 0)
  -- In key order, so two statements adding to the same rows lock them in the same order.
  ORDER BY 1, 2, 3, 4
  ON CONFLICT (grain, period_start, product_id, product_name) DO UPDATE SET lines = d.lines + EXCLUDED.lines,
    units = d.units + EXCLUDED.units, net_sales = d.net_sales + EXCLUDED.net_sales;
END $function$;
