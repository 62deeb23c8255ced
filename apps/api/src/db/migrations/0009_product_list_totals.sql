CREATE TABLE "storefront_list_counts" (
	"category_id" uuid,
	"brand_id" uuid,
	"is_featured" boolean NOT NULL,
	"products" integer NOT NULL,
	CONSTRAINT "storefront_list_counts_key" UNIQUE NULLS NOT DISTINCT("category_id","brand_id","is_featured")
);
--> statement-breakpoint

-- Exact totals for the storefront's product list (docs/decisions/0013-product-list-totals.md).
-- storefront_list_counts holds, per (category or none, brand or none, featured), how many visible,
-- non-deleted products there are; a list's total is the sum of the matching rows. Triggers keep it
-- exact in the writing transaction with deltas (n = n + d), never recounts, so concurrent writers
-- add up. Bulk writes (an import, the bench seeder) go through statement triggers that add one
-- summed delta per row of counts: updating one row once per product in a single transaction would
-- leave thousands of versions of it to step over.

-- Recounts everything from scratch: filled here, after a TRUNCATE, and the repair if ever needed.
CREATE FUNCTION cartwheel_recount_product_list() RETURNS void LANGUAGE sql AS $$
  DELETE FROM storefront_list_counts;
  INSERT INTO storefront_list_counts (category_id, brand_id, is_featured, products)
  SELECT NULL, p.brand_id, p.is_featured, count(*)::int FROM products p
  WHERE p.is_visible AND p.deleted_at IS NULL GROUP BY p.brand_id, p.is_featured
  UNION ALL
  SELECT pc.category_id, p.brand_id, p.is_featured, count(*)::int
  FROM product_categories pc JOIN products p ON p.id = pc.product_id
  WHERE p.is_visible AND p.deleted_at IS NULL GROUP BY pc.category_id, p.brand_id, p.is_featured;
$$;--> statement-breakpoint
SELECT cartwheel_recount_product_list();--> statement-breakpoint

-- New products: one delta per brand and featured flag (they have no categories yet).
CREATE FUNCTION cartwheel_products_inserted_list_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO storefront_list_counts AS c (category_id, brand_id, is_featured, products)
  SELECT NULL, n.brand_id, n.is_featured, count(*)::int FROM new_products n
  WHERE n.is_visible AND n.deleted_at IS NULL
  GROUP BY n.brand_id, n.is_featured ORDER BY n.brand_id NULLS FIRST, n.is_featured
  ON CONFLICT ON CONSTRAINT storefront_list_counts_key DO UPDATE SET products = c.products + EXCLUDED.products;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER products_list_counts_insert AFTER INSERT ON products REFERENCING NEW TABLE AS new_products
  FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_products_inserted_list_counts();--> statement-breakpoint

-- Adds `delta` to the rows a visible product counts in: its own and one per category it is in.
CREATE FUNCTION cartwheel_count_product(product uuid, brand uuid, featured boolean, delta integer)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO storefront_list_counts AS c (category_id, brand_id, is_featured, products)
  SELECT k.category_id, brand, featured, delta
  FROM (SELECT NULL::uuid AS category_id
        UNION ALL SELECT pc.category_id FROM product_categories pc WHERE pc.product_id = product) k
  ORDER BY k.category_id NULLS FIRST
  ON CONFLICT ON CONSTRAINT storefront_list_counts_key DO UPDATE SET products = c.products + EXCLUDED.products;
$$;--> statement-breakpoint

-- A product leaving the list (hidden, deleted) or entering it, or changing brand or featured flag:
-- moves it and each of its category links. Runs holding the product's row lock, so a concurrent
-- change of its categories waits for it (see below). Per row: such changes come one product at a
-- time, and stock and price updates, the frequent ones, skip it (column list and WHEN).
CREATE FUNCTION cartwheel_products_list_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.is_visible AND OLD.deleted_at IS NULL THEN
    PERFORM cartwheel_count_product(OLD.id, OLD.brand_id, OLD.is_featured, -1);
  END IF;
  IF TG_OP = 'DELETE' THEN
    RETURN OLD;
  END IF;
  IF NEW.is_visible AND NEW.deleted_at IS NULL THEN
    PERFORM cartwheel_count_product(NEW.id, NEW.brand_id, NEW.is_featured, 1);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER products_list_counts_update AFTER UPDATE OF is_visible, deleted_at, brand_id, is_featured ON products
  FOR EACH ROW WHEN (OLD.is_visible IS DISTINCT FROM NEW.is_visible
    OR (OLD.deleted_at IS NULL) IS DISTINCT FROM (NEW.deleted_at IS NULL)
    OR OLD.brand_id IS DISTINCT FROM NEW.brand_id
    OR OLD.is_featured IS DISTINCT FROM NEW.is_featured)
  EXECUTE FUNCTION cartwheel_products_list_counts();--> statement-breakpoint
-- BEFORE: a hard delete cascades to product_categories, and the product's categories must still be
-- there to be counted out (the cascaded deletes then no longer see the product and skip it).
CREATE TRIGGER products_list_counts_delete BEFORE DELETE ON products
  FOR EACH ROW EXECUTE FUNCTION cartwheel_products_list_counts();--> statement-breakpoint

-- Adds `delta` for each category link (product_ids[i], category_ids[i]) of a visible product. Locks
-- those products first, in id order: a concurrent change of a product's visibility, brand or featured
-- flag then either committed before (and its result is read here) or waits for this transaction (and
-- then sees these links), so every link is counted exactly once. Links of hidden or deleted products
-- (or of a product being hard-deleted, whose cascade lands here) count nothing.
CREATE FUNCTION cartwheel_count_category_links(product_ids uuid[], category_ids uuid[], delta integer)
RETURNS void LANGUAGE sql AS $$
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
$$;--> statement-breakpoint

-- Category links added, changed or removed: per statement, so a bulk insert is one summed delta per
-- row of counts.
CREATE FUNCTION cartwheel_product_categories_list_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM cartwheel_count_category_links(array_agg(o.product_id), array_agg(o.category_id), -1)
    FROM old_links o HAVING count(*) > 0;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM cartwheel_count_category_links(array_agg(n.product_id), array_agg(n.category_id), 1)
    FROM new_links n HAVING count(*) > 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER product_categories_list_counts_insert AFTER INSERT ON product_categories
  REFERENCING NEW TABLE AS new_links
  FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_product_categories_list_counts();--> statement-breakpoint
CREATE TRIGGER product_categories_list_counts_update AFTER UPDATE ON product_categories
  REFERENCING OLD TABLE AS old_links NEW TABLE AS new_links
  FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_product_categories_list_counts();--> statement-breakpoint
CREATE TRIGGER product_categories_list_counts_delete AFTER DELETE ON product_categories
  REFERENCING OLD TABLE AS old_links
  FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_product_categories_list_counts();--> statement-breakpoint

-- TRUNCATE fires no row or transition-table triggers: recount.
CREATE FUNCTION cartwheel_recount_product_list_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM cartwheel_recount_product_list();
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER products_list_counts_truncate AFTER TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_recount_product_list_trigger();--> statement-breakpoint
CREATE TRIGGER product_categories_list_counts_truncate AFTER TRUNCATE ON product_categories
  FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_recount_product_list_trigger();
