-- A review that is, was or becomes published changes what its product's page shows: the product's
-- catalog notification purges that page and its reviews (docs/decisions/0090-product-reviews.md).
-- Pending reviews notify nothing: nobody sees them but staff.
CREATE OR REPLACE FUNCTION public.cartwheel_notify_review_product()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('cartwheel_catalog', 'product ' || OLD.product_id::text);
  ELSE
    PERFORM pg_notify('cartwheel_catalog', 'product ' || NEW.product_id::text);
  END IF;
  RETURN NULL;
END $function$;
