-- A product's search engine listing (docs/product.md#product-rules): the page title and meta description
-- search engines show, each empty for "made from the product" (its name; its description's first
-- words). Filled in the product editor or by a Shopify import's `SEO Title` / `SEO Description`.
ALTER TABLE "products" ADD COLUMN "seo_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "seo_description" text DEFAULT '' NOT NULL;
