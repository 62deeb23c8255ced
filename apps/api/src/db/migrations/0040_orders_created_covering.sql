-- The analytics screen's checkout conversion groups every order placed in a range (checkouts too) by
-- buyer, with whether it was paid: orders_created_idx carries the columns that needs, so a year of
-- 100,000 orders is read from the index alone instead of the table (docs/decisions/0032-analytics-rollups.md).
-- The same index, wider: no write takes an extra index entry.
DROP INDEX "orders_created_idx";--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at" DESC NULLS FIRST)
  INCLUDE ("customer_id", "customer_email", "paid_at");
