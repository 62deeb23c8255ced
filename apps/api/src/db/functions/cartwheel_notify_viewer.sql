-- Who a signed-in request belongs to (session, account flags, profile and role): the user's id.
CREATE OR REPLACE FUNCTION public.cartwheel_notify_viewer()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    PERFORM pg_notify('cartwheel_viewer', OLD.user_id::text);
  ELSE
    PERFORM pg_notify('cartwheel_viewer', OLD.id::text);
  END IF;
  RETURN NULL;
END $function$;
