CREATE OR REPLACE FUNCTION public.cartwheel_search_postings_truncate()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  TRUNCATE search_postings;
  RETURN NULL;
END $function$;
