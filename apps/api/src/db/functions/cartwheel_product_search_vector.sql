CREATE OR REPLACE FUNCTION public.cartwheel_product_search_vector(p_id uuid, p_name text, p_sku text, p_description text, p_brand uuid)
 RETURNS tsvector
 LANGUAGE sql
 STABLE
AS $function$
  SELECT setweight(to_tsvector('english', COALESCE(p_name, '')), 'A')
    || setweight(cartwheel_sku_lexemes(array_append(
         ARRAY(SELECT v.sku FROM product_variants v WHERE v.product_id = p_id), p_sku)), 'A')
    || setweight(to_tsvector('english', COALESCE((SELECT b.name FROM brands b WHERE b.id = p_brand), '')), 'B')
    || setweight(to_tsvector('english', COALESCE((SELECT string_agg(c.name, ' ')
         FROM product_categories pc JOIN categories c ON c.id = pc.category_id
         WHERE pc.product_id = p_id AND c.is_visible), '')), 'B')
    || setweight(to_tsvector('english', COALESCE(p_description, '')), 'C')
$function$;
