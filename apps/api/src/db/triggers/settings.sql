-- Product answers carry the base currency: a change empties the page caches as the storefront's settings do.
CREATE TRIGGER settings_notify_catalog AFTER INSERT OR UPDATE ON public.settings
  FOR EACH ROW
  WHEN (((new.key ~~ 'storefront.%'::text) OR (new.key = 'base_currency'::text)))
  EXECUTE FUNCTION cartwheel_notify_catalog();

CREATE TRIGGER settings_pricing_version AFTER INSERT OR DELETE OR UPDATE ON public.settings
  FOR EACH ROW
  EXECUTE FUNCTION cartwheel_bump_pricing_version();

CREATE TRIGGER settings_pricing_version_truncate AFTER TRUNCATE ON public.settings
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_bump_pricing_version();
