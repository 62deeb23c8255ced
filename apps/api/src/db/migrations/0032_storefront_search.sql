-- Storefront search (docs/decisions/0034-storefront-search.md).
-- products.search_vector: the product's words with weights (name and SKUs A, brand and visible
-- categories B, description C), kept by the triggers below in the same transaction as the change.
-- search_terms: every word the catalog has used (never pruned), the vocabulary that typos are
-- corrected against and "Did you mean" is picked from, by trigram similarity.
CREATE FUNCTION cartwheel_sku_lexemes(skus text[]) RETURNS tsvector LANGUAGE sql IMMUTABLE AS $$
  SELECT COALESCE(array_to_tsvector(array_agg(DISTINCT t)), ''::tsvector) FROM (
    SELECT lower(s) AS t FROM unnest(skus) s
    UNION SELECT regexp_split_to_table(lower(s), '[^[:alnum:]]+') FROM unnest(skus) s
  ) x WHERE t IS NOT NULL AND t <> ''
$$;--> statement-breakpoint
CREATE FUNCTION cartwheel_product_search_vector(p_id uuid, p_name text, p_sku text, p_description text, p_brand uuid)
RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT setweight(to_tsvector('english', COALESCE(p_name, '')), 'A')
    || setweight(cartwheel_sku_lexemes(array_append(
         ARRAY(SELECT v.sku FROM product_variants v WHERE v.product_id = p_id), p_sku)), 'A')
    || setweight(to_tsvector('english', COALESCE((SELECT b.name FROM brands b WHERE b.id = p_brand), '')), 'B')
    || setweight(to_tsvector('english', COALESCE((SELECT string_agg(c.name, ' ')
         FROM product_categories pc JOIN categories c ON c.id = pc.category_id
         WHERE pc.product_id = p_id AND c.is_visible), '')), 'B')
    || setweight(to_tsvector('english', COALESCE(p_description, '')), 'C')
$$;--> statement-breakpoint
CREATE TABLE search_terms (term text PRIMARY KEY);--> statement-breakpoint
-- GiST: finds the nearest words (ORDER BY term <-> word) without reading them all.
CREATE INDEX search_terms_trgm_idx ON search_terms USING gist (term gist_trgm_ops);--> statement-breakpoint
-- Words of letters (3 or more characters); numbers are never typo-corrected.
CREATE FUNCTION cartwheel_add_search_terms(texts text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO search_terms (term)
  SELECT DISTINCT w FROM unnest(texts) t, unnest(tsvector_to_array(to_tsvector('simple', COALESCE(t, '')))) w
  WHERE length(w) >= 3 AND w ~ '[[:alpha:]]' AND length(w) <= 40
  ON CONFLICT DO NOTHING
$$;--> statement-breakpoint
ALTER TABLE products ADD COLUMN search_vector tsvector NOT NULL DEFAULT ''::tsvector;--> statement-breakpoint
UPDATE products p SET search_vector = cartwheel_product_search_vector(p.id, p.name, p.sku, p.description, p.brand_id);--> statement-breakpoint
CREATE INDEX products_search_idx ON products USING gin (search_vector) WHERE is_visible AND deleted_at IS NULL;--> statement-breakpoint
SELECT cartwheel_add_search_terms(ARRAY(SELECT name || ' ' || description FROM products WHERE deleted_at IS NULL
  UNION ALL SELECT name FROM brands UNION ALL SELECT name FROM categories));--> statement-breakpoint
CREATE INDEX product_variants_sku_lower_idx ON product_variants (lower(sku));--> statement-breakpoint
CREATE INDEX products_sku_lower_idx ON products (lower(sku));--> statement-breakpoint
CREATE FUNCTION cartwheel_products_search_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := cartwheel_product_search_vector(NEW.id, NEW.name, NEW.sku, NEW.description, NEW.brand_id);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER products_search_row BEFORE INSERT OR UPDATE OF name, sku, description, brand_id ON products
  FOR EACH ROW EXECUTE FUNCTION cartwheel_products_search_row();--> statement-breakpoint
CREATE FUNCTION cartwheel_products_search_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM cartwheel_add_search_terms(ARRAY(SELECT name || ' ' || description FROM new_products));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER products_search_terms_insert AFTER INSERT ON products REFERENCING NEW TABLE AS new_products
  FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_products_search_terms();--> statement-breakpoint
-- Row-level on the words only: stock and price updates never reach it.
CREATE FUNCTION cartwheel_product_terms_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM cartwheel_add_search_terms(ARRAY[NEW.name || ' ' || NEW.description]);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER products_search_terms_update AFTER UPDATE OF name, description ON products
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.description IS DISTINCT FROM NEW.description)
  EXECUTE FUNCTION cartwheel_product_terms_row();--> statement-breakpoint
-- A change to a product's variants' SKUs, its categories, or a brand or category name refreshes the
-- products concerned (statement-level where a bulk insert would otherwise update a product per row).
CREATE FUNCTION cartwheel_refresh_product_search(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE products p SET search_vector = cartwheel_product_search_vector(p.id, p.name, p.sku, p.description, p.brand_id)
  WHERE p.id IN (SELECT unnest(ids))
$$;--> statement-breakpoint
CREATE FUNCTION cartwheel_search_by_new_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM cartwheel_refresh_product_search(ARRAY(SELECT DISTINCT product_id FROM new_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION cartwheel_search_by_old_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM cartwheel_refresh_product_search(ARRAY(SELECT DISTINCT product_id FROM old_rows));
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER product_variants_search_insert AFTER INSERT ON product_variants REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_search_by_new_rows();--> statement-breakpoint
CREATE TRIGGER product_variants_search_delete AFTER DELETE ON product_variants REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_search_by_old_rows();--> statement-breakpoint
-- Row-level on the SKU only: stock updates at checkout never touch the product row.
CREATE FUNCTION cartwheel_variant_sku_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM cartwheel_refresh_product_search(ARRAY[NEW.product_id, OLD.product_id]);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER product_variants_search_update AFTER UPDATE OF sku, product_id ON product_variants
  FOR EACH ROW WHEN (OLD.sku IS DISTINCT FROM NEW.sku OR OLD.product_id IS DISTINCT FROM NEW.product_id)
  EXECUTE FUNCTION cartwheel_variant_sku_search();--> statement-breakpoint
CREATE TRIGGER product_categories_search_insert AFTER INSERT ON product_categories REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_search_by_new_rows();--> statement-breakpoint
CREATE TRIGGER product_categories_search_delete AFTER DELETE ON product_categories REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_search_by_old_rows();--> statement-breakpoint
-- A new brand or category brings its words; a renamed one (or a category shown or hidden) also
-- refreshes its products.
CREATE FUNCTION cartwheel_named_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM cartwheel_add_search_terms(ARRAY[NEW.name]);
  IF TG_OP = 'UPDATE' THEN
    PERFORM cartwheel_refresh_product_search(CASE TG_TABLE_NAME
      WHEN 'brands' THEN ARRAY(SELECT id FROM products WHERE brand_id = NEW.id)
      ELSE ARRAY(SELECT product_id FROM product_categories WHERE category_id = NEW.id) END);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER categories_search_insert AFTER INSERT ON categories
  FOR EACH ROW EXECUTE FUNCTION cartwheel_named_search();--> statement-breakpoint
CREATE TRIGGER categories_search_update AFTER UPDATE OF name, is_visible ON categories
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.is_visible IS DISTINCT FROM NEW.is_visible)
  EXECUTE FUNCTION cartwheel_named_search();--> statement-breakpoint
CREATE TRIGGER brands_search_insert AFTER INSERT ON brands
  FOR EACH ROW EXECUTE FUNCTION cartwheel_named_search();--> statement-breakpoint
CREATE TRIGGER brands_search_update AFTER UPDATE OF name ON brands
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name)
  EXECUTE FUNCTION cartwheel_named_search();
