-- The version of the shop's pricing rules (shipping zones, their methods and tax rates, the checkout
-- and tax settings, the discounts' terms), for the checkout's in-process rules cache
-- (docs/decisions/0021-pricing-rules-cache.md). Every write to those tables bumps it in its own
-- transaction, so a checkout that reads the version in the statement that reads its cart lines sees
-- a change the moment it commits, on every server process, and a process never keeps rules under a
-- version they were not read at.
CREATE TABLE "pricing_rules_version" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "pricing_rules_version_one_row" CHECK ("pricing_rules_version"."id")
);
--> statement-breakpoint
INSERT INTO "pricing_rules_version" ("id", "version") VALUES (true, 1);
--> statement-breakpoint
CREATE FUNCTION cartwheel_bump_pricing_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE pricing_rules_version SET version = version + 1;
  RETURN NULL;
END $$;--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['shipping_zones', 'shipping_methods', 'tax_rates', 'settings']
  LOOP
    -- Per row, not per statement: a statement that changes nothing (a DELETE of an unknown id, answered
    -- 404) must write nothing, and a statement-level trigger fires even for zero rows.
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I
      FOR EACH ROW EXECUTE FUNCTION cartwheel_bump_pricing_version()', t || '_pricing_version', t);
    EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I
      FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_bump_pricing_version()', t || '_pricing_version_truncate', t);
  END LOOP;
END $$;--> statement-breakpoint
CREATE TRIGGER "discounts_pricing_version" AFTER INSERT OR DELETE ON "discounts"
  FOR EACH ROW EXECUTE FUNCTION cartwheel_bump_pricing_version();--> statement-breakpoint
CREATE TRIGGER "discounts_pricing_version_truncate" AFTER TRUNCATE ON "discounts"
  FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_bump_pricing_version();--> statement-breakpoint
-- A checkout taking or giving back a use changes only the counters: no new version (and no lock on
-- the version's row in every checkout). The checkout reads the counters it needs with its lines.
CREATE TRIGGER "discounts_terms_pricing_version" AFTER UPDATE ON "discounts" FOR EACH ROW
  WHEN ((to_jsonb(OLD) - ARRAY['times_used', 'times_held', 'updated_at'])
    IS DISTINCT FROM (to_jsonb(NEW) - ARRAY['times_used', 'times_held', 'updated_at']))
  EXECUTE FUNCTION cartwheel_bump_pricing_version();
