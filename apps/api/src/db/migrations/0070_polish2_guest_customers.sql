-- A guest who buys is a customer (docs/decisions/0081-guest-customers.md): one record per email,
-- without a password or a user row, named from their newest order. Their orders are still found by
-- email (orders.buyer_key); the record stops being listed once those orders join an account.
CREATE TABLE guest_customers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email text NOT NULL UNIQUE,
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  updated_at timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT guest_customers_email_lower CHECK (email = lower(email))
);--> statement-breakpoint
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
END $function$;--> statement-breakpoint
CREATE TRIGGER orders_guest_customer AFTER INSERT OR UPDATE OF customer_id, customer_email, customer_first_name, customer_last_name, order_number ON public.orders FOR EACH ROW WHEN (((new.customer_id IS NULL) AND (new.customer_email IS NOT NULL) AND (new.order_number IS NOT NULL))) EXECUTE FUNCTION cartwheel_record_guest_customer();--> statement-breakpoint
-- Every guest who bought before this migration, named from their newest order.
INSERT INTO guest_customers (email, first_name, last_name, created_at)
SELECT DISTINCT ON (lower(customer_email)) lower(customer_email), COALESCE(trim(customer_first_name), ''),
  COALESCE(trim(customer_last_name), ''), min(created_at) OVER (PARTITION BY lower(customer_email))
FROM orders WHERE customer_id IS NULL AND customer_email IS NOT NULL AND order_number IS NOT NULL
ORDER BY lower(customer_email), created_at DESC
ON CONFLICT (email) DO NOTHING;
