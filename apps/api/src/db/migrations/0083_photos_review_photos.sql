-- Shoppers' photos on product reviews (decision 0090): at most three per review, re-encoded WebP
-- stored by the image store; staff may hide one. Shown only with a published review.
CREATE TABLE "product_review_photos" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "review_id" uuid NOT NULL REFERENCES "product_reviews"("id") ON DELETE CASCADE,
  "url" text NOT NULL,
  "width" integer NOT NULL,
  "height" integer NOT NULL,
  "hidden" boolean DEFAULT false NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "product_review_photos_size_check" CHECK ("width" > 0 AND "height" > 0)
);
--> statement-breakpoint
CREATE INDEX "product_review_photos_review_idx" ON "product_review_photos" ("review_id", "created_at");
