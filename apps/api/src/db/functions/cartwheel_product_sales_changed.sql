CREATE OR REPLACE FUNCTION public.cartwheel_product_sales_changed()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM cartwheel_add_product_sales(ARRAY(SELECT n::order_product_sales FROM new_sales n), NULL);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM cartwheel_add_product_sales(NULL, ARRAY(SELECT o::order_product_sales FROM old_sales o));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM cartwheel_add_product_sales(ARRAY(SELECT n::order_product_sales FROM new_sales n),
      ARRAY(SELECT o::order_product_sales FROM old_sales o));
  ELSE -- TRUNCATE
    DELETE FROM order_category_sales;
    DELETE FROM product_sales_bounds;
  END IF;
  RETURN NULL;
END $function$;
