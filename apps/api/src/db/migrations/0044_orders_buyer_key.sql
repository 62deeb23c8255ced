-- The analytics screen's checkout conversion groups a range's orders by buyer (the account, or a
-- guest by their email). Computing that key per order was most of its cost at 100,000 orders: the
-- uuid-to-text cast and lower() of every row. The key is now stored once per order, and
-- orders_created_idx carries it instead of the two columns it is made of, so the conversion stays
-- an index-only read (docs/decisions/0032-analytics-rollups.md).
ALTER TABLE "orders" ADD COLUMN "buyer_key" text
  GENERATED ALWAYS AS (COALESCE("customer_id"::text, lower("customer_email"))) STORED;--> statement-breakpoint
DROP INDEX "orders_created_idx";--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at" DESC NULLS FIRST)
  INCLUDE ("buyer_key", "paid_at");
