-- A guest's numbered order makes or updates their customer record (decision 0081): named from the
-- newest order that gives a name, dated from the first.
CREATE OR REPLACE FUNCTION public.cartwheel_record_guest_customer()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  INSERT INTO guest_customers (email, first_name, last_name, created_at)
  VALUES (lower(NEW.customer_email), COALESCE(trim(NEW.customer_first_name), ''),
    COALESCE(trim(NEW.customer_last_name), ''), NEW.created_at)
  ON CONFLICT (email) DO UPDATE SET
    first_name = CASE WHEN EXCLUDED.first_name <> '' THEN EXCLUDED.first_name ELSE guest_customers.first_name END,
    last_name = CASE WHEN EXCLUDED.first_name <> '' THEN EXCLUDED.last_name ELSE guest_customers.last_name END,
    created_at = LEAST(guest_customers.created_at, EXCLUDED.created_at),
    updated_at = now();
  RETURN NULL;
END $function$;
