-- ts_rank of a vector for one word, the word given as a lexeme (written as a quoted tsquery operand,
-- so it is taken as it is, without a dictionary). ts_rank ranks a query's distinct words, so this is
-- exactly ts_rank(v, 'w' | 'w'), the query of a search for one word read the same in English and as
-- written.
CREATE OR REPLACE FUNCTION public.cartwheel_word_rank(v tsvector, lexeme text)
 RETURNS real
 LANGUAGE sql
 IMMUTABLE PARALLEL SAFE
AS $function$
  SELECT ts_rank(v, ('''' || replace(replace(lexeme, '\', '\\'), '''', '''''') || '''')::tsquery)
$function$;
