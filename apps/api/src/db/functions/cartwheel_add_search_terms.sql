-- Words of letters (3 or more characters); numbers are never typo-corrected.
CREATE OR REPLACE FUNCTION public.cartwheel_add_search_terms(texts text[])
 RETURNS void
 LANGUAGE sql
AS $function$
  INSERT INTO search_terms (term)
  SELECT DISTINCT w FROM unnest(texts) t, unnest(tsvector_to_array(to_tsvector('simple', COALESCE(t, '')))) w
  WHERE length(w) >= 3 AND w ~ '[[:alpha:]]' AND length(w) <= 40
  ON CONFLICT DO NOTHING
$function$;
