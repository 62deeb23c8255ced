CREATE OR REPLACE FUNCTION public.cartwheel_facets_category_moved()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM cartwheel_refresh_product_facets(ARRAY(
    WITH RECURSIVE below AS (
      SELECT NEW.id AS id
      UNION SELECT c.id FROM categories c JOIN below b ON c.parent_id = b.id
    ) SELECT DISTINCT pc.product_id FROM product_categories pc JOIN below b ON b.id = pc.category_id));
  RETURN NULL;
END $function$;
