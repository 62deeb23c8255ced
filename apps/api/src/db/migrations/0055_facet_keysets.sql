-- A search counts its facets per set of keys rather than per product, and reads a whole word as a
-- word rather than a prefix (docs/decisions/0055-facet-keysets.md).
-- facet_keysets: each distinct `keys` array of product_facets once, under a small integer; a
-- product_facets row names its set in `keyset`. Products share their brand, categories and option
-- values with many others, so a search's matches fall into few sets: grouping the matches by an
-- integer and unnesting each set's keys once costs a fraction of hashing every match's array.
-- A set is never deleted (a later product may have it again); counting joins facet_keys, so a key
-- that no longer exists is not counted.
CREATE TABLE facet_keysets (
  id integer GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  keys integer[] NOT NULL UNIQUE
);--> statement-breakpoint
-- The set's id, added when new. A concurrent writer adding the same set is waited for by the
-- conflict, and the update returns the id either way.
CREATE FUNCTION cartwheel_facet_keyset(k integer[]) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  found integer;
BEGIN
  SELECT s.id INTO found FROM facet_keysets s WHERE s.keys = k;
  IF found IS NULL THEN
    INSERT INTO facet_keysets (keys) VALUES (k)
    ON CONFLICT (keys) DO UPDATE SET keys = excluded.keys RETURNING id INTO found;
  END IF;
  RETURN found;
END $$;--> statement-breakpoint
CREATE FUNCTION cartwheel_facets_keyset_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.keyset := cartwheel_facet_keyset(NEW.keys);
  RETURN NEW;
END $$;--> statement-breakpoint
ALTER TABLE product_facets ADD COLUMN keyset integer;--> statement-breakpoint
CREATE TRIGGER product_facets_keyset_insert BEFORE INSERT ON product_facets
  FOR EACH ROW EXECUTE FUNCTION cartwheel_facets_keyset_row();--> statement-breakpoint
-- Only a change of keys (a brand, category or option value): checkout's stock and sale updates
-- leave keys alone and never call the function.
CREATE TRIGGER product_facets_keyset_update BEFORE UPDATE OF keys ON product_facets
  FOR EACH ROW WHEN (OLD.keys IS DISTINCT FROM NEW.keys) EXECUTE FUNCTION cartwheel_facets_keyset_row();--> statement-breakpoint
-- Written anew rather than updated in place, as in migration 0054: an UPDATE of every row would
-- leave the table twice its size.
TRUNCATE product_facets;--> statement-breakpoint
SELECT cartwheel_refresh_product_facets(ARRAY(SELECT id FROM products WHERE is_visible AND deleted_at IS NULL));--> statement-breakpoint
ALTER TABLE product_facets ALTER COLUMN keyset SET NOT NULL;--> statement-breakpoint
-- The catalog's words that begin with a given word, as a range in bytewise order: a search's last
-- word is matched whole when no other word begins with it.
CREATE INDEX search_terms_prefix_idx ON search_terms (term text_pattern_ops);
