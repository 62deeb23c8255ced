-- An order's line sums. After each statement on order_items, the lines it added count +1 and the
-- lines it removed -1 (an update is both: its lines as they were and as they are); the difference
-- is added to each order concerned, and an order whose sums do not move (a fulfilment) is not
-- written. Deltas, never recounts: two transactions changing lines of one order both count, the
-- second adding to the row the first wrote. In bigint: a line's cost is not bounded by its price,
-- and a report must never make a checkout fail.
CREATE OR REPLACE FUNCTION public.cartwheel_order_line_sums()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  -- The same statement three times over, as each trigger sees only its own transition tables.
  IF TG_OP = 'INSERT' THEN
    UPDATE orders o
    SET lines_refunded_amount = o.lines_refunded_amount + d.refunded,
      lines_sales_with_cost = o.lines_sales_with_cost + d.sales_with_cost,
      lines_cost_of_goods = o.lines_cost_of_goods + d.cost_of_goods,
      lines_items_sold = o.lines_items_sold + d.items_sold,
      lines_items_with_cost = o.lines_items_with_cost + d.items_with_cost
    FROM (
      SELECT l.order_id,
        sum(l.sign * l.refunded_quantity::bigint * l.price_per_item) AS refunded,
        COALESCE(sum(l.sign * (l.quantity - l.refunded_quantity)::bigint * l.price_per_item)
          FILTER (WHERE l.cost_per_item IS NOT NULL), 0) AS sales_with_cost,
        COALESCE(sum(l.sign * (l.quantity - l.refunded_quantity)::bigint * l.cost_per_item), 0)
          AS cost_of_goods,
        sum(l.sign * (l.quantity - l.refunded_quantity)) AS items_sold,
        COALESCE(sum(l.sign * (l.quantity - l.refunded_quantity))
          FILTER (WHERE l.cost_per_item IS NOT NULL), 0) AS items_with_cost
      FROM (SELECT 1 AS sign, * FROM new_lines) l
      GROUP BY l.order_id
    ) d
    WHERE o.id = d.order_id
      AND (d.refunded, d.sales_with_cost, d.cost_of_goods, d.items_sold, d.items_with_cost)
        <> (0, 0, 0, 0, 0);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE orders o
    SET lines_refunded_amount = o.lines_refunded_amount + d.refunded,
      lines_sales_with_cost = o.lines_sales_with_cost + d.sales_with_cost,
      lines_cost_of_goods = o.lines_cost_of_goods + d.cost_of_goods,
      lines_items_sold = o.lines_items_sold + d.items_sold,
      lines_items_with_cost = o.lines_items_with_cost + d.items_with_cost
    FROM (
      SELECT l.order_id,
        sum(l.sign * l.refunded_quantity::bigint * l.price_per_item) AS refunded,
        COALESCE(sum(l.sign * (l.quantity - l.refunded_quantity)::bigint * l.price_per_item)
          FILTER (WHERE l.cost_per_item IS NOT NULL), 0) AS sales_with_cost,
        COALESCE(sum(l.sign * (l.quantity - l.refunded_quantity)::bigint * l.cost_per_item), 0)
          AS cost_of_goods,
        sum(l.sign * (l.quantity - l.refunded_quantity)) AS items_sold,
        COALESCE(sum(l.sign * (l.quantity - l.refunded_quantity))
          FILTER (WHERE l.cost_per_item IS NOT NULL), 0) AS items_with_cost
      FROM (SELECT -1 AS sign, * FROM old_lines) l
      GROUP BY l.order_id
    ) d
    WHERE o.id = d.order_id
      AND (d.refunded, d.sales_with_cost, d.cost_of_goods, d.items_sold, d.items_with_cost)
        <> (0, 0, 0, 0, 0);
  ELSIF TG_OP = 'UPDATE' THEN
    UPDATE orders o
    SET lines_refunded_amount = o.lines_refunded_amount + d.refunded,
      lines_sales_with_cost = o.lines_sales_with_cost + d.sales_with_cost,
      lines_cost_of_goods = o.lines_cost_of_goods + d.cost_of_goods,
      lines_items_sold = o.lines_items_sold + d.items_sold,
      lines_items_with_cost = o.lines_items_with_cost + d.items_with_cost
    FROM (
      SELECT l.order_id,
        sum(l.sign * l.refunded_quantity::bigint * l.price_per_item) AS refunded,
        COALESCE(sum(l.sign * (l.quantity - l.refunded_quantity)::bigint * l.price_per_item)
          FILTER (WHERE l.cost_per_item IS NOT NULL), 0) AS sales_with_cost,
        COALESCE(sum(l.sign * (l.quantity - l.refunded_quantity)::bigint * l.cost_per_item), 0)
          AS cost_of_goods,
        sum(l.sign * (l.quantity - l.refunded_quantity)) AS items_sold,
        COALESCE(sum(l.sign * (l.quantity - l.refunded_quantity))
          FILTER (WHERE l.cost_per_item IS NOT NULL), 0) AS items_with_cost
      FROM (SELECT 1 AS sign, * FROM new_lines UNION ALL SELECT -1, * FROM old_lines) l
      GROUP BY l.order_id
    ) d
    WHERE o.id = d.order_id
      AND (d.refunded, d.sales_with_cost, d.cost_of_goods, d.items_sold, d.items_with_cost)
        <> (0, 0, 0, 0, 0);
  ELSE -- TRUNCATE
    UPDATE orders SET lines_refunded_amount = 0, lines_sales_with_cost = 0, lines_cost_of_goods = 0,
      lines_items_sold = 0, lines_items_with_cost = 0
    WHERE (lines_refunded_amount, lines_sales_with_cost, lines_cost_of_goods, lines_items_sold,
      lines_items_with_cost) <> (0, 0, 0, 0, 0);
  END IF;
  RETURN NULL;
END $function$;
