-- Postings by word (docs/decisions/0057-search-postings.md): one row per word of each facet row's
-- search vector, carrying what counting a search and cutting its page read (the product's rank for
-- that word alone, its set of keys, price, stock and sale flags, sort keys), under an index that keeps
-- a word's rows together in the relevance order. A search for one word then reads its matches as one
-- range of that index, instead of visiting each match's facet row on a page of its own. Only words of
-- at most 40 characters have postings: a shopper's word is at most that long (searchTokens), and a
-- longer word with a long product name could make an index entry larger than a btree allows.
CREATE TABLE search_postings (
  lexeme text NOT NULL,
  rank real NOT NULL,
  name_key text NOT NULL,
  product_id uuid NOT NULL,
  keyset integer NOT NULL,
  price integer NOT NULL,
  in_stock boolean NOT NULL,
  on_sale boolean NOT NULL,
  created_at timestamp with time zone NOT NULL
) WITH (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.02);--> statement-breakpoint
-- ts_rank of a vector for one word, the word given as a lexeme (written as a quoted tsquery operand,
-- so it is taken as it is, without a dictionary). ts_rank ranks a query's distinct words, so this is
-- exactly ts_rank(v, 'w' | 'w'), the query of a search for one word read the same in English and as
-- written.
CREATE FUNCTION cartwheel_word_rank(v tsvector, lexeme text) RETURNS real
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ts_rank(v, ('''' || replace(replace(lexeme, '\', '\\'), '''', '''''') || '''')::tsquery)
$$;--> statement-breakpoint
-- The postings follow product_facets per statement: a row inserted adds its words, a row deleted
-- takes them away, and a row updated is written anew only when a column the postings carry changed
-- (checkout rewrites in_stock only when a product sells out or comes back). A posting is found for
-- deletion by every column of the index, recomputed from the old row, so no other index is needed.
CREATE FUNCTION cartwheel_search_postings_delta() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO search_postings (lexeme, rank, name_key, product_id, keyset, price, in_stock, on_sale, created_at)
    SELECT w.lexeme, cartwheel_word_rank(n.search_vector, w.lexeme), n.name_key, n.product_id, n.keyset,
      n.price, n.in_stock, n.on_sale, n.created_at
    FROM new_rows n, unnest(n.search_vector) w WHERE length(w.lexeme) <= 40;
  ELSIF TG_OP = 'DELETE' THEN
    DELETE FROM search_postings s USING old_rows o, unnest(o.search_vector) w
    WHERE length(w.lexeme) <= 40 AND s.lexeme = w.lexeme AND s.rank = cartwheel_word_rank(o.search_vector, w.lexeme)
      AND s.name_key = o.name_key AND s.product_id = o.product_id;
  ELSE
    DELETE FROM search_postings s USING old_rows o, unnest(o.search_vector) w
    WHERE length(w.lexeme) <= 40 AND s.lexeme = w.lexeme AND s.rank = cartwheel_word_rank(o.search_vector, w.lexeme)
      AND s.name_key = o.name_key AND s.product_id = o.product_id
      AND EXISTS (SELECT FROM new_rows n WHERE n.product_id = o.product_id
        AND (n.search_vector, n.name_key, n.keyset, n.price, n.in_stock, n.on_sale, n.created_at)
          IS DISTINCT FROM (o.search_vector, o.name_key, o.keyset, o.price, o.in_stock, o.on_sale, o.created_at));
    INSERT INTO search_postings (lexeme, rank, name_key, product_id, keyset, price, in_stock, on_sale, created_at)
    SELECT w.lexeme, cartwheel_word_rank(n.search_vector, w.lexeme), n.name_key, n.product_id, n.keyset,
      n.price, n.in_stock, n.on_sale, n.created_at
    FROM new_rows n, unnest(n.search_vector) w
    WHERE length(w.lexeme) <= 40 AND NOT EXISTS (SELECT FROM old_rows o WHERE o.product_id = n.product_id
      AND (n.search_vector, n.name_key, n.keyset, n.price, n.in_stock, n.on_sale, n.created_at)
        IS NOT DISTINCT FROM (o.search_vector, o.name_key, o.keyset, o.price, o.in_stock, o.on_sale, o.created_at));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER product_facets_postings_insert AFTER INSERT ON product_facets REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_search_postings_delta();--> statement-breakpoint
CREATE TRIGGER product_facets_postings_update AFTER UPDATE ON product_facets
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_search_postings_delta();--> statement-breakpoint
CREATE TRIGGER product_facets_postings_delete AFTER DELETE ON product_facets REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_search_postings_delta();--> statement-breakpoint
CREATE FUNCTION cartwheel_search_postings_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE search_postings;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER product_facets_postings_truncate AFTER TRUNCATE ON product_facets
  FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_search_postings_truncate();--> statement-breakpoint
INSERT INTO search_postings (lexeme, rank, name_key, product_id, keyset, price, in_stock, on_sale, created_at)
SELECT w.lexeme, cartwheel_word_rank(f.search_vector, w.lexeme), f.name_key, f.product_id, f.keyset,
  f.price, f.in_stock, f.on_sale, f.created_at
FROM product_facets f, unnest(f.search_vector) w WHERE length(w.lexeme) <= 40;--> statement-breakpoint
-- The index is built once the rows are in (a compact index, not one grown row by row). A word's
-- matches are read from it alone (an index-only scan) on pages the visibility map marks all-visible:
-- vacuum marks them, so it comes after a fiftieth of the rows changed rather than the default fifth.
CREATE INDEX search_postings_word_idx ON search_postings (lexeme, rank DESC, name_key, product_id)
  INCLUDE (keyset, price, in_stock, on_sale, created_at);
