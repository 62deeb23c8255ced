-- Product reviews (docs/decisions/0090-product-reviews.md): one per reviewer's email per product, a
-- star rating 1-5 and plain text. Reviews wait as pending until staff publish them; only published
-- ones are shown, and a change to a published one notifies the product's catalog tag.
CREATE TABLE IF NOT EXISTS "product_reviews" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "product_id" uuid NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
  "user_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "order_id" uuid REFERENCES "orders"("id") ON DELETE SET NULL,
  "email" text NOT NULL,
  "author_name" text NOT NULL,
  "rating" smallint NOT NULL,
  "title" text NOT NULL,
  "body" text NOT NULL,
  "verified" boolean DEFAULT false NOT NULL,
  "status" text DEFAULT 'pending' NOT NULL,
  "reply" text,
  "replied_at" timestamp with time zone,
  "published_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "product_reviews_rating_check" CHECK ("rating" BETWEEN 1 AND 5),
  CONSTRAINT "product_reviews_status_check" CHECK ("status" IN ('pending', 'published', 'hidden')),
  CONSTRAINT "product_reviews_email_lower_check" CHECK ("email" = lower("email")),
  CONSTRAINT "product_reviews_text_length_check" CHECK (
    char_length("author_name") BETWEEN 1 AND 60 AND char_length("title") BETWEEN 1 AND 120
    AND char_length("body") BETWEEN 1 AND 5000 AND char_length(coalesce("reply", '')) <= 2000)
);
--> statement-breakpoint
-- One review per reviewer per product, whatever the order of concurrent submissions.
CREATE UNIQUE INDEX IF NOT EXISTS "product_reviews_one_per_reviewer_key" ON "product_reviews" ("product_id", "email");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "product_reviews_published_idx" ON "product_reviews" ("product_id", "published_at" DESC) WHERE "status" = 'published';
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "product_reviews_status_idx" ON "product_reviews" ("status", "created_at" DESC);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "product_reviews_user_idx" ON "product_reviews" ("user_id") WHERE "user_id" IS NOT NULL;
--> statement-breakpoint
-- The review request sent for a delivered order: the row is the claim, so each order gets one email.
CREATE TABLE IF NOT EXISTS "review_requests" (
  "order_id" uuid PRIMARY KEY NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
  "email" text NOT NULL,
  "sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION public.cartwheel_notify_review_product()
 RETURNS trigger
 LANGUAGE plpgsql
AS $function$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('cartwheel_catalog', 'product ' || OLD.product_id::text);
  ELSE
    PERFORM pg_notify('cartwheel_catalog', 'product ' || NEW.product_id::text);
  END IF;
  RETURN NULL;
END $function$;
--> statement-breakpoint
CREATE TRIGGER product_reviews_notify_catalog_delete AFTER DELETE ON public.product_reviews
  FOR EACH ROW
  WHEN ((old.status = 'published'::text))
  EXECUTE FUNCTION cartwheel_notify_review_product();
--> statement-breakpoint
CREATE TRIGGER product_reviews_notify_catalog_insert AFTER INSERT ON public.product_reviews
  FOR EACH ROW
  WHEN ((new.status = 'published'::text))
  EXECUTE FUNCTION cartwheel_notify_review_product();
--> statement-breakpoint
CREATE TRIGGER product_reviews_notify_catalog_update AFTER UPDATE ON public.product_reviews
  FOR EACH ROW
  WHEN (((old.status = 'published'::text) OR (new.status = 'published'::text)))
  EXECUTE FUNCTION cartwheel_notify_review_product();
