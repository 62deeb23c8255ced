-- Row-level on the SKU only: stock updates at checkout never touch the product row.
CREATE OR REPLACE FUNCTION public.cartwheel_variant_sku_search()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM cartwheel_refresh_product_search(ARRAY[NEW.product_id, OLD.product_id]);
  RETURN NULL;
END $function$;
