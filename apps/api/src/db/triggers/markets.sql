-- What a market sells at is part of the storefront's catalog reads and of the checkout's prices:
-- a change empties the read caches (and the markets' own) of every process.
CREATE TRIGGER markets_notify_catalog AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.markets
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_notify_catalog();
