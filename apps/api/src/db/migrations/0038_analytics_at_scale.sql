-- The analytics screen's low-stock list reads the products and variants at or under their warning
-- level from these indexes, lowest first, instead of every product and variant of the catalog
-- (docs/decisions/0032-analytics-rollups.md). Partial: a row enters them only while it is low, so a
-- stock change of a well-stocked product writes no entry.
CREATE INDEX "products_low_stock_idx" ON "products" ("inventory_level", "name")
  WHERE "deleted_at" IS NULL AND "inventory_level" <= "inventory_warning_level";--> statement-breakpoint
CREATE INDEX "product_variants_low_stock_idx" ON "product_variants" ("inventory_level")
  WHERE "inventory_level" <= "inventory_warning_level";
