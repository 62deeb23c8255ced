-- A search's tsquery from its words given as data: a JSON array of groups, each an array of words in
-- to_tsquery's syntax (a word, or a prefix such as 'hood:*'). Every group must match (&&), any word
-- of a group may (||), and each word is read in English (stemmed) and as written ('simple'), in the
-- order given, left to right: the same tree as writing the operators out. The statement that calls it
-- then has the same text whatever the words, so it can be prepared once and its plan kept
-- (docs/decisions/0056-prepared-search.md).
CREATE OR REPLACE FUNCTION public.cartwheel_search_tsquery(groups jsonb)
 RETURNS tsquery
 LANGUAGE plpgsql
 STABLE PARALLEL SAFE
AS $function$
DECLARE
  result tsquery;
  any_word tsquery;
  one tsquery;
  words jsonb;
  word text;
BEGIN
  FOR words IN SELECT g.value FROM jsonb_array_elements(groups) WITH ORDINALITY g ORDER BY g.ordinality LOOP
    any_word := NULL;
    FOR word IN SELECT w.value FROM jsonb_array_elements_text(words) WITH ORDINALITY w ORDER BY w.ordinality LOOP
      one := to_tsquery('english', word) || to_tsquery('simple', word);
      any_word := CASE WHEN any_word IS NULL THEN one ELSE any_word || one END;
    END LOOP;
    result := CASE WHEN result IS NULL THEN any_word ELSE result && any_word END;
  END LOOP;
  RETURN result;
END $function$;
