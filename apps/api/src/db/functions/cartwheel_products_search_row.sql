CREATE OR REPLACE FUNCTION public.cartwheel_products_search_row()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  NEW.search_vector := cartwheel_product_search_vector(NEW.id, NEW.name, NEW.sku, NEW.description, NEW.brand_id);
  RETURN NEW;
END $function$;
