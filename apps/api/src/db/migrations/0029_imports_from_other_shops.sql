-- Products imported from another shop keep their old address there (a Shopify handle): the storefront
-- redirects /products/:handle to the product's page here.
CREATE TABLE "product_handles" (
	"handle" text PRIMARY KEY NOT NULL,
	"product_id" uuid NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "product_handles_product_idx" ON "product_handles" ("product_id");--> statement-breakpoint
-- Images an import names by URL, fetched by the product-image-import job: each one waits, is stored
-- (image_url is then the stored file) or failed with an error staff see on the product.
CREATE TABLE "product_image_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
	"source_url" text NOT NULL,
	"alt_text" text,
	"position" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_image_imports_status_check" CHECK ("status" IN ('pending', 'done', 'failed'))
);--> statement-breakpoint
CREATE INDEX "product_image_imports_product_idx" ON "product_image_imports" ("product_id", "position");
