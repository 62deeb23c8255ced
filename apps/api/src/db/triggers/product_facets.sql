CREATE TRIGGER product_facets_counts_delete AFTER DELETE ON public.product_facets
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_facet_counts_delta();

CREATE TRIGGER product_facets_counts_insert AFTER INSERT ON public.product_facets
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_facet_counts_delta();

CREATE TRIGGER product_facets_counts_truncate AFTER TRUNCATE ON public.product_facets
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_facet_counts_truncate();

CREATE TRIGGER product_facets_counts_update AFTER UPDATE ON public.product_facets
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_facet_counts_delta();

CREATE TRIGGER product_facets_keyset_insert BEFORE INSERT ON public.product_facets
  FOR EACH ROW
  EXECUTE FUNCTION cartwheel_facets_keyset_row();

-- Only a change of keys (a brand, category or option value): checkout's stock and sale updates
-- leave keys alone and never call the function.
CREATE TRIGGER product_facets_keyset_update BEFORE UPDATE OF keys ON public.product_facets
  FOR EACH ROW
  WHEN ((old.keys IS DISTINCT FROM new.keys))
  EXECUTE FUNCTION cartwheel_facets_keyset_row();

CREATE TRIGGER product_facets_postings_delete AFTER DELETE ON public.product_facets
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_search_postings_delta();

CREATE TRIGGER product_facets_postings_insert AFTER INSERT ON public.product_facets
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_search_postings_delta();

CREATE TRIGGER product_facets_postings_truncate AFTER TRUNCATE ON public.product_facets
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_search_postings_truncate();

CREATE TRIGGER product_facets_postings_update AFTER UPDATE ON public.product_facets
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_search_postings_delta();

CREATE TRIGGER product_facets_search_insert BEFORE INSERT ON public.product_facets
  FOR EACH ROW
  EXECUTE FUNCTION cartwheel_facets_search_insert();
