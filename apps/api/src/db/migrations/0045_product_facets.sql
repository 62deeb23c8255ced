-- Facet counts at 100,000 products (docs/decisions/0042-facet-counts-at-scale.md).
-- facet_keys: a small integer per filterable value: a category, a brand, or an option name = value
-- (lower case: "Size: M" and "size: m" are one value; name/label/sort_order are the display, the
-- catalog's first spelling and smallest sort order).
-- product_facets: one row per visible, non-deleted product with its sort keys, its stock and sale
-- flags and `keys`: its brand, its option values, and its shown categories with all their
-- ancestors (a product in Tees is in Tops and Apparel). A search counts every facet in one pass of
-- unnest(keys) over its matches.
-- facet_counts: how many of those rows carry each key, per scope (0: the whole catalog; a category's
-- key: that category with everything below it). Key 0 counts the scope's products, -1 those in
-- stock, -2 those on sale. The pages without search text read their counts here.
-- All three are kept by the triggers below in the writing transaction.
CREATE TABLE facet_keys (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  category_id uuid UNIQUE REFERENCES categories(id) ON DELETE CASCADE,
  brand_id uuid UNIQUE REFERENCES brands(id) ON DELETE CASCADE,
  option_name text,
  option_value text,
  name text,
  label text,
  sort_order integer,
  UNIQUE (option_name, option_value),
  CHECK (num_nonnulls(category_id, brand_id, option_name) = 1)
);--> statement-breakpoint
CREATE TABLE product_facets (
  product_id uuid PRIMARY KEY REFERENCES products(id) ON DELETE CASCADE,
  price integer NOT NULL,
  created_at timestamptz NOT NULL,
  name_key text NOT NULL,
  is_featured boolean NOT NULL,
  in_stock boolean NOT NULL,
  on_sale boolean NOT NULL,
  keys integer[] NOT NULL,
  categories integer[] NOT NULL
);--> statement-breakpoint
CREATE INDEX product_facets_keys_idx ON product_facets USING gin (keys);--> statement-breakpoint
CREATE INDEX product_facets_newest_idx ON product_facets (created_at DESC, product_id DESC);--> statement-breakpoint
CREATE INDEX product_facets_name_idx ON product_facets (name_key, product_id);--> statement-breakpoint
CREATE INDEX product_facets_price_idx ON product_facets (price, product_id);--> statement-breakpoint
CREATE TABLE facet_counts (
  scope integer NOT NULL,
  key integer NOT NULL,
  products integer NOT NULL,
  PRIMARY KEY (scope, key)
);--> statement-breakpoint
-- Renamed or removed option values recompute their key's display from these.
CREATE INDEX product_option_values_label_lower_idx ON product_option_values (lower(label));--> statement-breakpoint
INSERT INTO facet_keys (category_id) SELECT id FROM categories;--> statement-breakpoint
INSERT INTO facet_keys (brand_id) SELECT id FROM brands;--> statement-breakpoint
-- The (scope, key) pairs a product_facets row counts for: its keys, 0, -1 in stock and -2 on sale,
-- within the whole catalog (0) and each of its categories.
CREATE FUNCTION cartwheel_facet_pairs(categories integer[], keys integer[], in_stock boolean, on_sale boolean)
RETURNS TABLE (scope integer, key integer) LANGUAGE sql IMMUTABLE AS $$
  SELECT s, k FROM unnest(0 || categories) s, unnest(keys || 0
    || CASE WHEN in_stock THEN ARRAY[-1] ELSE '{}'::integer[] END
    || CASE WHEN on_sale THEN ARRAY[-2] ELSE '{}'::integer[] END) k
$$;--> statement-breakpoint
-- Rebuilds the facet rows of these products from the catalog: a row for each visible, non-deleted
-- one, none for the others. A row whose values did not change is not written (no count moves).
CREATE FUNCTION cartwheel_refresh_product_facets(ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
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
END $$;--> statement-breakpoint
-- An option value renamed or removed: these keys' display is recomputed from the values left.
CREATE FUNCTION cartwheel_refresh_option_labels(ids integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE facet_keys k SET name = d.name, label = d.label, sort_order = d.sort_order
  FROM (SELECT kk.id, min(o.name) AS name, min(v.label) AS label, min(v.sort_order) AS sort_order
    FROM facet_keys kk JOIN product_option_values v ON lower(v.label) = kk.option_value
    JOIN product_options o ON o.id = v.option_id AND lower(o.name) = kk.option_name
    WHERE kk.id = ANY(ids) GROUP BY kk.id) d
  WHERE k.id = d.id AND (k.name, k.label, k.sort_order) IS DISTINCT FROM (d.name, d.label, d.sort_order)
$$;--> statement-breakpoint
INSERT INTO facet_counts (scope, key, products) VALUES (0, 0, 0);--> statement-breakpoint
-- facet_counts follows product_facets by deltas (never a recount), summed per statement and written
-- in (scope, key) order, so concurrent writers add up and never wait for each other crosswise.
-- Only the pairs whose count moves are written: a product selling out moves its scopes' key -1.
CREATE FUNCTION cartwheel_facet_counts_delta() RETURNS trigger LANGUAGE plpgsql AS $$
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
END $$;--> statement-breakpoint
CREATE TRIGGER product_facets_counts_insert AFTER INSERT ON product_facets REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_facet_counts_delta();--> statement-breakpoint
CREATE TRIGGER product_facets_counts_update AFTER UPDATE ON product_facets
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_facet_counts_delta();--> statement-breakpoint
CREATE TRIGGER product_facets_counts_delete AFTER DELETE ON product_facets REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_facet_counts_delta();--> statement-breakpoint
-- TRUNCATE products CASCADE empties product_facets without row events: the counts go with it.
CREATE FUNCTION cartwheel_facet_counts_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM facet_counts;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER product_facets_counts_truncate AFTER TRUNCATE ON product_facets
  FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_facet_counts_truncate();--> statement-breakpoint
SELECT cartwheel_refresh_product_facets(ARRAY(SELECT id FROM products WHERE is_visible AND deleted_at IS NULL));--> statement-breakpoint
-- Writes. Tables written in bulk (imports, seeding) refresh their products once per statement.
CREATE FUNCTION cartwheel_facets_by_product_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM cartwheel_refresh_product_facets(ARRAY(SELECT DISTINCT product_id FROM old_rows));
  ELSE
    PERFORM cartwheel_refresh_product_facets(ARRAY(SELECT DISTINCT product_id FROM new_rows));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION cartwheel_facets_by_new_products() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM cartwheel_refresh_product_facets(ARRAY(SELECT id FROM new_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER products_facets_insert AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_facets_by_new_products();--> statement-breakpoint
CREATE TRIGGER product_categories_facets_insert AFTER INSERT ON product_categories REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_facets_by_product_rows();--> statement-breakpoint
CREATE TRIGGER product_categories_facets_delete AFTER DELETE ON product_categories REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_facets_by_product_rows();--> statement-breakpoint
CREATE TRIGGER product_options_facets_insert AFTER INSERT ON product_options REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_facets_by_product_rows();--> statement-breakpoint
CREATE TRIGGER product_variants_facets_insert AFTER INSERT ON product_variants REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_facets_by_product_rows();--> statement-breakpoint
CREATE TRIGGER product_variants_facets_delete AFTER DELETE ON product_variants REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_facets_by_product_rows();--> statement-breakpoint
-- An option removed takes its values with it: their products and their keys' display are refreshed.
CREATE FUNCTION cartwheel_facets_options_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM cartwheel_refresh_product_facets(ARRAY(SELECT DISTINCT product_id FROM old_rows));
  PERFORM cartwheel_refresh_option_labels(ARRAY(SELECT k.id FROM facet_keys k
    WHERE k.option_name IN (SELECT lower(name) FROM old_rows)));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER product_options_facets_delete AFTER DELETE ON product_options REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_facets_options_deleted();--> statement-breakpoint
CREATE FUNCTION cartwheel_facets_by_option_values() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM cartwheel_refresh_product_facets(ARRAY(SELECT DISTINCT o.product_id FROM old_rows r
      JOIN product_options o ON o.id = r.option_id));
    PERFORM cartwheel_refresh_option_labels(ARRAY(SELECT k.id FROM old_rows r
      JOIN product_options o ON o.id = r.option_id
      JOIN facet_keys k ON k.option_name = lower(o.name) AND k.option_value = lower(r.label)));
  ELSE
    PERFORM cartwheel_refresh_product_facets(ARRAY(SELECT DISTINCT o.product_id FROM new_rows r
      JOIN product_options o ON o.id = r.option_id));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER product_option_values_facets_insert AFTER INSERT ON product_option_values
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_facets_by_option_values();--> statement-breakpoint
CREATE TRIGGER product_option_values_facets_delete AFTER DELETE ON product_option_values
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_facets_by_option_values();--> statement-breakpoint
-- Renames (back office, one row at a time): the product, and the old spelling's display.
CREATE FUNCTION cartwheel_facets_option_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM cartwheel_refresh_product_facets(ARRAY[NEW.product_id, OLD.product_id]);
  PERFORM cartwheel_refresh_option_labels(ARRAY(SELECT k.id FROM facet_keys k
    WHERE k.option_name IN (lower(OLD.name), lower(NEW.name))));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER product_options_facets_update AFTER UPDATE OF name, product_id ON product_options
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.product_id IS DISTINCT FROM NEW.product_id)
  EXECUTE FUNCTION cartwheel_facets_option_renamed();--> statement-breakpoint
CREATE FUNCTION cartwheel_facets_value_renamed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM cartwheel_refresh_product_facets(ARRAY(SELECT product_id FROM product_options
    WHERE id IN (OLD.option_id, NEW.option_id)));
  PERFORM cartwheel_refresh_option_labels(ARRAY(SELECT k.id FROM product_options o
    JOIN facet_keys k ON k.option_name = lower(o.name) AND k.option_value IN (lower(OLD.label), lower(NEW.label))
    WHERE o.id IN (OLD.option_id, NEW.option_id)));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER product_option_values_facets_update AFTER UPDATE OF label, sort_order, option_id ON product_option_values
  FOR EACH ROW WHEN (OLD.label IS DISTINCT FROM NEW.label OR OLD.sort_order IS DISTINCT FROM NEW.sort_order
    OR OLD.option_id IS DISTINCT FROM NEW.option_id)
  EXECUTE FUNCTION cartwheel_facets_value_renamed();--> statement-breakpoint
-- A product's own columns: a row trigger with a WHEN, so a stock update that does not cross zero
-- (checkout) never runs it.
CREATE FUNCTION cartwheel_facets_product_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM cartwheel_refresh_product_facets(ARRAY[NEW.id]);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER products_facets_update AFTER UPDATE ON products FOR EACH ROW WHEN (
    OLD.is_visible IS DISTINCT FROM NEW.is_visible OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at
    OR OLD.brand_id IS DISTINCT FROM NEW.brand_id OR OLD.price IS DISTINCT FROM NEW.price
    OR OLD.effective_price IS DISTINCT FROM NEW.effective_price OR OLD.created_at IS DISTINCT FROM NEW.created_at
    OR OLD.name IS DISTINCT FROM NEW.name OR OLD.is_featured IS DISTINCT FROM NEW.is_featured
    OR (OLD.inventory_level > 0) <> (NEW.inventory_level > 0))
  EXECUTE FUNCTION cartwheel_facets_product_row();--> statement-breakpoint
-- A variant crossing zero re-derives only its product's in-stock flag (checkout pays nothing
-- otherwise); a variant's sale price or product changing rebuilds its products.
CREATE FUNCTION cartwheel_facets_variant_stock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_facets f SET in_stock = s.in_stock
  FROM (SELECT bool_or(v.inventory_level > 0) AS in_stock FROM product_variants v
    WHERE v.product_id = NEW.product_id) s
  WHERE f.product_id = NEW.product_id AND f.in_stock IS DISTINCT FROM s.in_stock;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER product_variants_facets_stock AFTER UPDATE OF inventory_level ON product_variants
  FOR EACH ROW WHEN ((OLD.inventory_level > 0) <> (NEW.inventory_level > 0))
  EXECUTE FUNCTION cartwheel_facets_variant_stock();--> statement-breakpoint
CREATE FUNCTION cartwheel_facets_variant_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM cartwheel_refresh_product_facets(ARRAY[NEW.product_id, OLD.product_id]);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER product_variants_facets_update AFTER UPDATE OF price, sale_price, product_id ON product_variants
  FOR EACH ROW WHEN (OLD.product_id IS DISTINCT FROM NEW.product_id
    OR (OLD.sale_price > 0 AND OLD.sale_price < OLD.price) IS DISTINCT FROM (NEW.sale_price > 0 AND NEW.sale_price < NEW.price))
  EXECUTE FUNCTION cartwheel_facets_variant_row();--> statement-breakpoint
-- A new category or brand gets its key; a category moved, shown or hidden rebuilds the products in
-- it and below it (their ancestor keys change).
CREATE FUNCTION cartwheel_facets_new_key() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'categories' THEN
    INSERT INTO facet_keys (category_id) VALUES (NEW.id);
  ELSE
    INSERT INTO facet_keys (brand_id) VALUES (NEW.id);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER categories_facets_insert AFTER INSERT ON categories
  FOR EACH ROW EXECUTE FUNCTION cartwheel_facets_new_key();--> statement-breakpoint
CREATE TRIGGER brands_facets_insert AFTER INSERT ON brands
  FOR EACH ROW EXECUTE FUNCTION cartwheel_facets_new_key();--> statement-breakpoint
CREATE FUNCTION cartwheel_facets_category_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM cartwheel_refresh_product_facets(ARRAY(
    WITH RECURSIVE below AS (
      SELECT NEW.id AS id
      UNION SELECT c.id FROM categories c JOIN below b ON c.parent_id = b.id
    ) SELECT DISTINCT pc.product_id FROM product_categories pc JOIN below b ON b.id = pc.category_id));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER categories_facets_update AFTER UPDATE OF parent_id, is_visible ON categories
  FOR EACH ROW WHEN (OLD.parent_id IS DISTINCT FROM NEW.parent_id OR OLD.is_visible IS DISTINCT FROM NEW.is_visible)
  EXECUTE FUNCTION cartwheel_facets_category_moved();
