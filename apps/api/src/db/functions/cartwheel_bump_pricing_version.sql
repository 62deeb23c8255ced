CREATE OR REPLACE FUNCTION public.cartwheel_bump_pricing_version()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  UPDATE pricing_rules_version SET version = version + 1;
  RETURN NULL;
END $function$;
