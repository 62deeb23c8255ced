CREATE TRIGGER tax_rates_pricing_version AFTER INSERT OR DELETE OR UPDATE ON public.tax_rates
  FOR EACH ROW
  EXECUTE FUNCTION cartwheel_bump_pricing_version();

CREATE TRIGGER tax_rates_pricing_version_truncate AFTER TRUNCATE ON public.tax_rates
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_bump_pricing_version();
