CREATE OR REPLACE FUNCTION public.cartwheel_category_links_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM cartwheel_move_category_links(ARRAY(SELECT n::product_categories FROM new_links n), NULL);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM cartwheel_move_category_links(NULL, ARRAY(SELECT o::product_categories FROM old_links o));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM cartwheel_move_category_links(ARRAY(SELECT n::product_categories FROM new_links n),
      ARRAY(SELECT o::product_categories FROM old_links o));
  ELSE -- TRUNCATE
    DELETE FROM order_category_sales;
  END IF;
  RETURN NULL;
END $function$;
