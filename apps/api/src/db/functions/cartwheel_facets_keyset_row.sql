CREATE OR REPLACE FUNCTION public.cartwheel_facets_keyset_row()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  NEW.keyset := cartwheel_facet_keyset(NEW.keys);
  RETURN NEW;
END $function$;
