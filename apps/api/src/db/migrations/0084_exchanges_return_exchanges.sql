-- A return line may ask for another variant of the same product instead of money (decision 0086):
-- the variant asked for, and whether its units are held for it (taken at approval, given back when
-- the return is closed before its parcel came). No check ties the two: deleting a variant sets it
-- null and must not be refused.
ALTER TABLE "return_items" ADD COLUMN IF NOT EXISTS "exchange_variant_id" uuid REFERENCES "product_variants"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "return_items" ADD COLUMN IF NOT EXISTS "exchange_reserved" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- On receipt: the order line the replacement ships as, and the edit that settled the price difference.
ALTER TABLE "return_items" ADD COLUMN IF NOT EXISTS "exchange_order_item_id" uuid REFERENCES "order_items"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "return_items" ADD COLUMN IF NOT EXISTS "exchange_edit_id" uuid REFERENCES "order_edits"("id") ON DELETE SET NULL;
