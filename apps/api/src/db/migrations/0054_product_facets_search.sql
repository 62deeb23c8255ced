-- A text search reads one table (docs/decisions/0048-search-from-facet-rows.md): product_facets
-- carries each product's weighted search vector (a copy of products.search_vector, migration 0032)
-- with a GIN index of its own, so matching, ranking, filtering and counting need no lookup per match.
-- A facet row takes the vector when it is inserted (a product added or shown again), and a row
-- trigger on the columns the vector is made from passes on every later change. A stock or price
-- update names none of them, so checkout never reaches it.
ALTER TABLE product_facets ADD COLUMN search_vector tsvector NOT NULL DEFAULT ''::tsvector;--> statement-breakpoint
CREATE FUNCTION cartwheel_facets_search_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := (SELECT p.search_vector FROM products p WHERE p.id = NEW.product_id);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER product_facets_search_insert BEFORE INSERT ON product_facets
  FOR EACH ROW EXECUTE FUNCTION cartwheel_facets_search_insert();--> statement-breakpoint
-- The rows are written anew rather than updated in place: an UPDATE of every row would leave the
-- table twice its size, and the pages without text walk its sort indexes, whose cost the planner
-- weighs by the table's pages (at 100,000 products a bloated table made the category page fetch
-- and sort the whole category instead of walking product_facets_newest_idx). The counts follow
-- (the truncate and insert triggers of migration 0045).
-- Room on each page for a row's next version: a product selling out or coming back rewrites its row's
-- in_stock (checkout), and with room that is a heap-only update that adds no entry to any index (the
-- search vector's GIN index among them).
ALTER TABLE product_facets SET (fillfactor = 90);--> statement-breakpoint
TRUNCATE product_facets;--> statement-breakpoint
SELECT cartwheel_refresh_product_facets(ARRAY(SELECT id FROM products WHERE is_visible AND deleted_at IS NULL));--> statement-breakpoint
CREATE INDEX product_facets_search_idx ON product_facets USING gin (search_vector);--> statement-breakpoint
-- The words changed (a name, description or SKU edited, a variant's SKU, a category or brand renamed
-- or a category hidden: each rewrites products.search_vector).
CREATE FUNCTION cartwheel_facets_search_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_facets f SET search_vector = NEW.search_vector
  WHERE f.product_id = NEW.id AND f.search_vector IS DISTINCT FROM NEW.search_vector;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER products_search_facets AFTER UPDATE OF name, sku, description, brand_id, search_vector ON products
  FOR EACH ROW WHEN (OLD.search_vector IS DISTINCT FROM NEW.search_vector)
  EXECUTE FUNCTION cartwheel_facets_search_row();
