-- Taxes by place instead of by shipping zone (docs/decisions/0069-taxes-by-place.md): a row is one tax
-- a country, or one of its states or provinces, charges ("CA State Tax"; "GST" and "PST" for British
-- Columbia), with its rate in basis points to a thousandth (Québec's 9.975% is 997.5) and whether it
-- taxes shipping there. A state with rows of its own charges those instead of its country's.
ALTER TABLE tax_rates ADD COLUMN country text;--> statement-breakpoint
ALTER TABLE tax_rates ADD COLUMN state text;--> statement-breakpoint
ALTER TABLE tax_rates ADD COLUMN taxes_shipping boolean NOT NULL DEFAULT false;--> statement-breakpoint
ALTER TABLE tax_rates ADD COLUMN position integer NOT NULL DEFAULT 0;--> statement-breakpoint
ALTER TABLE tax_rates ADD COLUMN created_at timestamp with time zone NOT NULL DEFAULT now();--> statement-breakpoint
ALTER TABLE tax_rates DROP CONSTRAINT tax_rates_rate_bps_check;--> statement-breakpoint
ALTER TABLE tax_rates ALTER COLUMN rate_bps TYPE numeric(8, 3);--> statement-breakpoint
ALTER TABLE tax_rates DROP CONSTRAINT tax_rates_zone_id_unique;--> statement-breakpoint
ALTER TABLE tax_rates DROP CONSTRAINT tax_rates_zone_id_shipping_zones_id_fk;--> statement-breakpoint
ALTER TABLE tax_rates ALTER COLUMN zone_id DROP NOT NULL;--> statement-breakpoint
-- Each zone's rate becomes a rate of every state the zone names and of every country it takes whole
-- (none of its states named), so a shop charges where it charged before. The shop-wide "tax on
-- shipping" switch becomes each place's. A state whose zone charged no tax while its country's zone
-- did gets a 0% row, so it still charges none.
INSERT INTO tax_rates (zone_id, country, state, name, rate_bps, taxes_shipping)
SELECT NULL, split_part(s.code, '-', 1), split_part(s.code, '-', 2), COALESCE(t.name, 'Tax'),
  COALESCE(t.rate_bps, 0), COALESCE((SELECT st.value = 'true'::jsonb FROM settings st WHERE st.key = 'tax.charge_on_shipping'), false)
FROM shipping_zones z CROSS JOIN LATERAL unnest(z.states) AS s(code)
LEFT JOIN tax_rates t ON t.zone_id = z.id
WHERE t.zone_id IS NOT NULL OR EXISTS (
  SELECT 1 FROM shipping_zones o JOIN tax_rates ot ON ot.zone_id = o.id
  WHERE split_part(s.code, '-', 1) = ANY (o.countries)
    AND NOT EXISTS (SELECT 1 FROM unnest(o.states) AS os(code) WHERE os.code LIKE split_part(s.code, '-', 1) || '-%'));--> statement-breakpoint
INSERT INTO tax_rates (zone_id, country, state, name, rate_bps, taxes_shipping)
SELECT NULL, c.code, NULL, t.name, t.rate_bps,
  COALESCE((SELECT st.value = 'true'::jsonb FROM settings st WHERE st.key = 'tax.charge_on_shipping'), false)
FROM shipping_zones z JOIN tax_rates t ON t.zone_id = z.id CROSS JOIN LATERAL unnest(z.countries) AS c(code)
WHERE NOT EXISTS (SELECT 1 FROM unnest(z.states) AS zs(code) WHERE zs.code LIKE c.code || '-%');--> statement-breakpoint
DELETE FROM tax_rates WHERE zone_id IS NOT NULL;--> statement-breakpoint
DELETE FROM settings WHERE key = 'tax.charge_on_shipping';--> statement-breakpoint
ALTER TABLE tax_rates DROP COLUMN zone_id;--> statement-breakpoint
ALTER TABLE tax_rates ALTER COLUMN country SET NOT NULL;--> statement-breakpoint
ALTER TABLE tax_rates ADD CONSTRAINT tax_rates_rate_bps_check CHECK (rate_bps >= 0 AND rate_bps <= 10000);--> statement-breakpoint
ALTER TABLE tax_rates ADD CONSTRAINT tax_rates_place_check CHECK (country ~ '^[A-Z]{2}$' AND (state IS NULL OR state ~ '^[A-Z0-9]{1,3}$'));--> statement-breakpoint
CREATE UNIQUE INDEX tax_rates_place_name_idx ON tax_rates (country, COALESCE(state, ''), name);--> statement-breakpoint
-- Tax lines keep the rate's fraction too.
ALTER TABLE order_tax_lines ALTER COLUMN rate_bps TYPE numeric(8, 3);
