-- Written by `npm run db:functions` from apps/api/src/db/functions and apps/api/src/db/triggers.
CREATE TRIGGER exchange_rates_notify_catalog AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.exchange_rates FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_notify_catalog();--> statement-breakpoint
CREATE TRIGGER market_variant_prices_notify_catalog AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.market_variant_prices FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_notify_catalog();--> statement-breakpoint
CREATE TRIGGER markets_notify_catalog AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.markets FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_notify_catalog();
