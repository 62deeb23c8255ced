-- A Point of Sale order the customer takes with them ships nothing: no address, no shipping method.
ALTER TABLE "draft_orders" ADD COLUMN IF NOT EXISTS "pickup" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- A "Rest of world" zone serves its countries only where no specific zone does (as Shopify's), so
-- a specific zone may take a country it lists. The shop's starting catch-all zones are marked.
ALTER TABLE "shipping_zones" ADD COLUMN IF NOT EXISTS "rest_of_world" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE "shipping_zones" SET "rest_of_world" = true WHERE "name" IN ('Rest of world', 'Everywhere');
