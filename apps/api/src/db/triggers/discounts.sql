CREATE TRIGGER discounts_pricing_version AFTER INSERT OR DELETE ON public.discounts
  FOR EACH ROW
  EXECUTE FUNCTION cartwheel_bump_pricing_version();

CREATE TRIGGER discounts_pricing_version_truncate AFTER TRUNCATE ON public.discounts
  FOR EACH STATEMENT
  EXECUTE FUNCTION cartwheel_bump_pricing_version();

-- A checkout taking or giving back a use changes only the counters: no new version (and no lock on
-- the version's row in every checkout). The checkout reads the counters it needs with its lines.
CREATE TRIGGER discounts_terms_pricing_version AFTER UPDATE ON public.discounts
  FOR EACH ROW
  WHEN (((to_jsonb(old.*) - ARRAY['times_used'::text, 'times_held'::text, 'updated_at'::text]) IS DISTINCT FROM (to_jsonb(new.*) - ARRAY['times_used'::text, 'times_held'::text, 'updated_at'::text])))
  EXECUTE FUNCTION cartwheel_bump_pricing_version();
