-- Anything the storefront's catalog reads show: one notification per statement, no payload
-- (PostgreSQL folds identical notifications of one transaction into one).
CREATE OR REPLACE FUNCTION public.cartwheel_notify_catalog()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  PERFORM pg_notify('cartwheel_catalog', '');
  RETURN NULL;
END $function$;
