-- Markets (docs/decisions/0067-markets.md): where the shop sells in which currency, the exchange
-- rates from the base currency, and prices fixed in a market's currency.
CREATE TABLE markets (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  handle text NOT NULL UNIQUE,
  name text NOT NULL,
  countries text[] NOT NULL DEFAULT '{}'::text[],
  currency text NOT NULL,
  languages text[] NOT NULL DEFAULT '{en}'::text[],
  is_base boolean NOT NULL DEFAULT false,
  prices_include_tax boolean NOT NULL DEFAULT false,
  weight_unit text NOT NULL DEFAULT 'kg',
  rounding text NOT NULL DEFAULT 'none',
  position integer NOT NULL DEFAULT 0,
  is_active boolean NOT NULL DEFAULT true,
  created_at timestamp with time zone NOT NULL DEFAULT now(),
  updated_at timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT markets_currency_check CHECK (currency ~ '^[A-Z]{3}$'),
  CONSTRAINT markets_weight_unit_check CHECK (weight_unit IN ('kg', 'lb')),
  CONSTRAINT markets_rounding_check CHECK (rounding IN ('none', 'whole', 'x.99', 'x.95'))
);--> statement-breakpoint
-- At most one base market; the code keeps exactly one (it refuses to take the mark off the last).
CREATE UNIQUE INDEX markets_one_base_idx ON markets (is_base) WHERE is_base;--> statement-breakpoint
CREATE TABLE exchange_rates (
  currency text PRIMARY KEY,
  rate numeric NOT NULL,
  source text NOT NULL DEFAULT 'manual',
  updated_at timestamp with time zone NOT NULL DEFAULT now(),
  CONSTRAINT exchange_rates_rate_check CHECK (rate > 0),
  CONSTRAINT exchange_rates_source_check CHECK (source IN ('manual', 'feed'))
);--> statement-breakpoint
CREATE TABLE market_variant_prices (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  market_id uuid NOT NULL REFERENCES markets (id) ON DELETE CASCADE,
  product_id uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  variant_id uuid REFERENCES product_variants (id) ON DELETE CASCADE,
  price integer NOT NULL,
  sale_price integer,
  CONSTRAINT market_variant_prices_key UNIQUE NULLS NOT DISTINCT (market_id, product_id, variant_id),
  CONSTRAINT market_variant_prices_price_check CHECK (price >= 0 AND (sale_price IS NULL OR sale_price >= 0))
);--> statement-breakpoint
CREATE INDEX market_variant_prices_product_idx ON market_variant_prices (product_id);--> statement-breakpoint
CREATE INDEX market_variant_prices_variant_idx ON market_variant_prices (variant_id);--> statement-breakpoint
-- The order's rate (market units per base unit) and its amounts in the base currency. NULL amounts:
-- an order written in the base currency without them (before markets, or outside checkout).
ALTER TABLE orders ADD COLUMN exchange_rate numeric NOT NULL DEFAULT 1,
  ADD COLUMN base_subtotal_amount integer,
  ADD COLUMN base_discount_amount integer,
  ADD COLUMN base_shipping_amount integer,
  ADD COLUMN base_tax_amount integer,
  ADD COLUMN base_total_amount integer,
  ADD CONSTRAINT orders_exchange_rate_check CHECK (exchange_rate > 0);--> statement-breakpoint
-- A shop that existed before markets sells in one market: the United States, in the base currency.
INSERT INTO markets (handle, name, countries, currency, languages, is_base, weight_unit, position)
VALUES ('us', 'United States', '{US}',
  COALESCE((SELECT value #>> '{}' FROM settings WHERE key = 'base_currency'), 'USD'), '{en}', true, 'lb', 0);
