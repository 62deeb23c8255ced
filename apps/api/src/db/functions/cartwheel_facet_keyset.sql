-- The set's id, added when new. A concurrent writer adding the same set is waited for by the
-- conflict, and the update returns the id either way.
CREATE OR REPLACE FUNCTION public.cartwheel_facet_keyset(k integer[])
 RETURNS integer
 LANGUAGE plpgsql
AS $function$
DECLARE
  found integer;
BEGIN
  SELECT s.id INTO found FROM facet_keysets s WHERE s.keys = k;
  IF found IS NULL THEN
    INSERT INTO facet_keysets (keys) VALUES (k)
    ON CONFLICT (keys) DO UPDATE SET keys = excluded.keys RETURNING id INTO found;
  END IF;
  RETURN found;
END $function$;
