-- A variant may show one of its product's images (the colour it is); null shows the product's first.
-- Deleting the image leaves the variant without one. The service checks the image is the product's.
ALTER TABLE "product_variants" ADD COLUMN IF NOT EXISTS "image_id" uuid REFERENCES "product_images"("id") ON DELETE SET NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "product_variants_image_idx" ON "product_variants" ("image_id") WHERE "image_id" IS NOT NULL;
--> statement-breakpoint
-- An order line keeps the picture of what was bought, as it keeps its name and SKU.
ALTER TABLE "order_items" ADD COLUMN IF NOT EXISTS "image_url" text;
