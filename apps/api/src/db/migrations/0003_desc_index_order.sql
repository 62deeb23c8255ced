DROP INDEX "cart_items_user_created_idx";--> statement-breakpoint
DROP INDEX "products_storefront_newest_idx";--> statement-breakpoint
DROP INDEX "products_storefront_featured_idx";--> statement-breakpoint
DROP INDEX "products_admin_created_idx";--> statement-breakpoint
DROP INDEX "email_outbox_created_idx";--> statement-breakpoint
DROP INDEX "orders_customer_created_idx";--> statement-breakpoint
DROP INDEX "orders_created_idx";--> statement-breakpoint
DROP INDEX "orders_status_idx";--> statement-breakpoint
CREATE INDEX "cart_items_user_created_idx" ON "cart_items" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_storefront_newest_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."is_visible" AND "products"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "products_storefront_featured_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."is_visible" AND "products"."is_featured" AND "products"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "products_admin_created_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST) WHERE "products"."deleted_at" IS NULL;--> statement-breakpoint
CREATE INDEX "email_outbox_created_idx" ON "email_outbox" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_customer_created_idx" ON "orders" USING btree ("customer_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status","created_at" DESC NULLS FIRST);