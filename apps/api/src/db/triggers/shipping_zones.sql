CREATE TRIGGER shipping_zones_pricing_version AFTER INSERT OR DELETE OR UPDATE ON public.shipping_zones
  FOR EACH ROW
  EXECUTE FUNCTION cartwheel_bump_pricing_version();

CREATE TRIGGER shipping_zones_pricing_version_truncate AFTER TRUNCATE ON public.shipping_zones
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_bump_pricing_version();
