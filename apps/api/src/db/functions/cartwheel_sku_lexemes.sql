-- A product's SKUs as search words: each SKU whole and each of its alphanumeric parts, lower-cased
-- (storefront search, docs/decisions/0034-storefront-search.md).
CREATE OR REPLACE FUNCTION public.cartwheel_sku_lexemes(skus text[])
 RETURNS tsvector
 LANGUAGE sql
 IMMUTABLE
AS $function$
  SELECT COALESCE(array_to_tsvector(array_agg(DISTINCT t)), ''::tsvector) FROM (
    SELECT lower(s) AS t FROM unnest(skus) s
    UNION SELECT regexp_split_to_table(lower(s), '[^[:alnum:]]+') FROM unnest(skus) s
  ) x WHERE t IS NOT NULL AND t <> ''
$function$;
