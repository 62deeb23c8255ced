-- The postings follow product_facets per statement: a row inserted adds its words, a row deleted
-- takes them away, and a row updated is written anew only when a column the postings carry changed
-- (checkout rewrites in_stock only when a product sells out or comes back). A posting is found for
-- deletion by every column of the index, recomputed from the old row, so no other index is needed.
CREATE OR REPLACE FUNCTION public.cartwheel_search_postings_delta()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
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
END $function$;
