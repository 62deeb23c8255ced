-- Top categories and top products at a catalog of 100,000 products, where a year holds a product row
-- per product and month for almost every product (docs/decisions/0032-analytics-rollups.md):
--   * order_category_sales: per UTC day and month and per category, the units and net sales of its
--     products' rows of order_product_sales (a category is the sum of the products in it now, as the
--     screen has always added them up): a year is a dozen rows a category;
--   * product_sales_bounds: per product, the sum over its day rows of their net sales where positive,
--     an upper bound of its net sales over any whole days. Top products walk products by it, highest
--     first, adding up each one's range exactly, and stop once the next bound is under the tenth best.
-- Both follow order_product_sales (a statement trigger on it, with its transition tables) and the
-- product_categories links (a statement trigger on them), in the transaction that changes either.
CREATE TABLE "order_category_sales" (
	"grain" text NOT NULL,
	"period_start" date NOT NULL,
	"category_id" uuid NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	"net_sales" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_category_sales_pk" PRIMARY KEY ("grain", "period_start", "category_id"),
	CONSTRAINT "order_category_sales_grain_check" CHECK ("grain" IN ('day', 'month'))
);--> statement-breakpoint
CREATE TABLE "product_sales_bounds" (
	"product_id" uuid PRIMARY KEY NOT NULL,
	"bound" bigint DEFAULT 0 NOT NULL
);--> statement-breakpoint
CREATE INDEX "product_sales_bounds_bound_idx" ON "product_sales_bounds" ("bound" DESC, "product_id");--> statement-breakpoint
-- One product's rows: the figures of the candidates top products add up, and a product's history when
-- it joins or leaves a category.
CREATE INDEX "order_product_sales_product_idx" ON "order_product_sales" ("product_id", "grain", "period_start");--> statement-breakpoint

-- The change of order_product_sales rows (new +1, old -1) added to the bounds and to the categories the
-- products are in. A product's category links are read under a shared advisory lock on the product
-- (taken in key order), in a statement after it: a link added or removed at the same time holds the
-- exclusive lock until it commits, and either sees this change or is seen by it, never neither.
CREATE FUNCTION cartwheel_add_product_sales(added order_product_sales[], removed order_product_sales[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO product_sales_bounds AS b (product_id, bound)
  SELECT c.product_id, sum(c.sign * greatest(c.net_sales, 0))
  FROM (SELECT 1 AS sign, * FROM unnest(added) UNION ALL SELECT -1, * FROM unnest(removed)) c
  WHERE c.grain = 'day'
  GROUP BY 1 HAVING sum(c.sign * greatest(c.net_sales, 0)) <> 0
  ORDER BY 1
  ON CONFLICT (product_id) DO UPDATE SET bound = b.bound + EXCLUDED.bound;
  PERFORM pg_advisory_xact_lock_shared(1668571233, k.key)
  FROM (SELECT DISTINCT hashtext(c.product_id::text) AS key
    FROM (SELECT product_id FROM unnest(added) UNION ALL SELECT product_id FROM unnest(removed)) c ORDER BY 1) k;
  INSERT INTO order_category_sales AS d (grain, period_start, category_id, units, net_sales)
  SELECT c.grain, c.period_start, pc.category_id, sum(c.sign * c.units), sum(c.sign * c.net_sales)
  FROM (SELECT 1 AS sign, * FROM unnest(added) UNION ALL SELECT -1, * FROM unnest(removed)) c
  JOIN product_categories pc ON pc.product_id = c.product_id
  GROUP BY 1, 2, 3 HAVING (sum(c.sign * c.units), sum(c.sign * c.net_sales)) <> (0, 0)
  ORDER BY 1, 2, 3
  ON CONFLICT (grain, period_start, category_id) DO UPDATE SET units = d.units + EXCLUDED.units,
    net_sales = d.net_sales + EXCLUDED.net_sales;
END $$;--> statement-breakpoint
CREATE FUNCTION cartwheel_product_sales_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM cartwheel_add_product_sales(ARRAY(SELECT n::order_product_sales FROM new_sales n), NULL);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM cartwheel_add_product_sales(NULL, ARRAY(SELECT o::order_product_sales FROM old_sales o));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM cartwheel_add_product_sales(ARRAY(SELECT n::order_product_sales FROM new_sales n),
      ARRAY(SELECT o::order_product_sales FROM old_sales o));
  ELSE -- TRUNCATE
    DELETE FROM order_category_sales;
    DELETE FROM product_sales_bounds;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER order_product_sales_derived_insert AFTER INSERT ON order_product_sales
  REFERENCING NEW TABLE AS new_sales
  FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_product_sales_changed();--> statement-breakpoint
CREATE TRIGGER order_product_sales_derived_update AFTER UPDATE ON order_product_sales
  REFERENCING OLD TABLE AS old_sales NEW TABLE AS new_sales
  FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_product_sales_changed();--> statement-breakpoint
CREATE TRIGGER order_product_sales_derived_delete AFTER DELETE ON order_product_sales
  REFERENCING OLD TABLE AS old_sales
  FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_product_sales_changed();--> statement-breakpoint
CREATE TRIGGER order_product_sales_derived_truncate AFTER TRUNCATE ON order_product_sales
  FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_product_sales_changed();--> statement-breakpoint

-- A product that joins a category brings its whole history of order_product_sales rows to it; one that
-- leaves takes it away. Under the exclusive advisory lock of each product (key order), then read in a
-- new statement: sales of the product being written at the same time have committed, or wait.
CREATE FUNCTION cartwheel_move_category_links(added product_categories[], removed product_categories[])
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(1668571233, k.key)
  FROM (SELECT DISTINCT hashtext(l.product_id::text) AS key
    FROM (SELECT product_id FROM unnest(added) UNION ALL SELECT product_id FROM unnest(removed)) l ORDER BY 1) k;
  INSERT INTO order_category_sales AS d (grain, period_start, category_id, units, net_sales)
  SELECT s.grain, s.period_start, l.category_id, sum(l.sign * s.units), sum(l.sign * s.net_sales)
  FROM (SELECT 1 AS sign, * FROM unnest(added) UNION ALL SELECT -1, * FROM unnest(removed)) l
  JOIN order_product_sales s ON s.product_id = l.product_id
  GROUP BY 1, 2, 3 HAVING (sum(l.sign * s.units), sum(l.sign * s.net_sales)) <> (0, 0)
  ORDER BY 1, 2, 3
  ON CONFLICT (grain, period_start, category_id) DO UPDATE SET units = d.units + EXCLUDED.units,
    net_sales = d.net_sales + EXCLUDED.net_sales;
END $$;--> statement-breakpoint
CREATE FUNCTION cartwheel_category_links_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM cartwheel_move_category_links(ARRAY(SELECT n::product_categories FROM new_links n), NULL);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM cartwheel_move_category_links(NULL, ARRAY(SELECT o::product_categories FROM old_links o));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM cartwheel_move_category_links(ARRAY(SELECT n::product_categories FROM new_links n),
      ARRAY(SELECT o::product_categories FROM old_links o));
  ELSE -- TRUNCATE
    DELETE FROM order_category_sales;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER product_categories_sales_insert AFTER INSERT ON product_categories
  REFERENCING NEW TABLE AS new_links
  FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_category_links_changed();--> statement-breakpoint
CREATE TRIGGER product_categories_sales_update AFTER UPDATE ON product_categories
  REFERENCING OLD TABLE AS old_links NEW TABLE AS new_links
  FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_category_links_changed();--> statement-breakpoint
CREATE TRIGGER product_categories_sales_delete AFTER DELETE ON product_categories
  REFERENCING OLD TABLE AS old_links
  FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_category_links_changed();--> statement-breakpoint
CREATE TRIGGER product_categories_sales_truncate AFTER TRUNCATE ON product_categories
  FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_category_links_changed();--> statement-breakpoint

-- What is there already, added up after the triggers above locked both tables against writes.
INSERT INTO product_sales_bounds (product_id, bound)
SELECT s.product_id, sum(greatest(s.net_sales, 0)) FROM order_product_sales s WHERE s.grain = 'day'
GROUP BY 1 HAVING sum(greatest(s.net_sales, 0)) <> 0;--> statement-breakpoint
INSERT INTO order_category_sales (grain, period_start, category_id, units, net_sales)
SELECT s.grain, s.period_start, pc.category_id, sum(s.units), sum(s.net_sales)
FROM order_product_sales s JOIN product_categories pc ON pc.product_id = s.product_id
GROUP BY 1, 2, 3 HAVING (sum(s.units), sum(s.net_sales)) <> (0, 0);
--> statement-breakpoint
-- A buyer's sold orders by time (the account, or a guest's lower-cased email, as buyer_first_orders
-- names them): new vs returning looks up each buyer who first bought before a range when they are
-- few. Partial on sold orders as orders_sold_buyers_idx (migration 0031): a checkout writes no entry.
CREATE INDEX "orders_sold_buyer_key_idx" ON "orders" ((COALESCE("customer_id"::text, lower("customer_email"))), "created_at")
  WHERE "payment_status" NOT IN ('unpaid', 'failed') AND "status" <> 'cancelled';
