-- Gift cards sold as products (decision 0094): the product flag, the recipient carried by cart and
-- order lines, and the issued card's link to its order line and its code until it is sent.
ALTER TABLE "products" ADD COLUMN "is_gift_card" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "gift_card" jsonb;
--> statement-breakpoint
ALTER TABLE "cart_items" DROP CONSTRAINT "cart_items_user_product_variant_key";
--> statement-breakpoint
CREATE UNIQUE INDEX "cart_items_user_product_variant_key" ON "cart_items" ("user_id","product_id","variant_id") NULLS NOT DISTINCT WHERE "gift_card" IS NULL;
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "gift_card" jsonb;
--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "order_item_id" uuid REFERENCES "order_items"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "gift_cards" ADD COLUMN "pending_code" text;
--> statement-breakpoint
CREATE INDEX "gift_cards_order_item_idx" ON "gift_cards" ("order_item_id") WHERE "order_item_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "gift_cards_due_idx" ON "gift_cards" ("send_at") WHERE "pending_code" IS NOT NULL;
