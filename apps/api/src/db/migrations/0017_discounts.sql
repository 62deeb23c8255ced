-- Discounts (codes and automatic) and the uses checkouts hold or paid orders confirmed. The usage
-- limit holds under concurrency because a use is taken by one conditional UPDATE of the discount's
-- row (times_used + times_held < usage_limit); once per customer by unique indexes on the uses.
CREATE TABLE "discounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"code" text,
	"kind" text NOT NULL,
	"target" text DEFAULT 'order' NOT NULL,
	"percent_bps" integer,
	"amount_cents" integer,
	"buy_quantity" integer,
	"get_quantity" integer,
	"get_percent_bps" integer,
	"product_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"category_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"min_subtotal_cents" integer,
	"min_quantity" integer,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"usage_limit" integer,
	"once_per_customer" boolean DEFAULT false NOT NULL,
	"combinable" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"times_used" integer DEFAULT 0 NOT NULL,
	"times_held" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discounts_kind_check" CHECK ("discounts"."kind" IN ('percentage', 'fixed_amount', 'free_shipping', 'buy_x_get_y')),
	CONSTRAINT "discounts_target_check" CHECK ("discounts"."target" IN ('order', 'products')),
	CONSTRAINT "discounts_values_check" CHECK (("discounts"."percent_bps" IS NULL OR "discounts"."percent_bps" BETWEEN 1 AND 10000) AND ("discounts"."get_percent_bps" IS NULL OR "discounts"."get_percent_bps" BETWEEN 1 AND 10000) AND ("discounts"."amount_cents" IS NULL OR "discounts"."amount_cents" >= 0) AND ("discounts"."min_subtotal_cents" IS NULL OR "discounts"."min_subtotal_cents" >= 0) AND ("discounts"."buy_quantity" IS NULL OR "discounts"."buy_quantity" >= 1) AND ("discounts"."get_quantity" IS NULL OR "discounts"."get_quantity" >= 1) AND ("discounts"."min_quantity" IS NULL OR "discounts"."min_quantity" >= 1) AND ("discounts"."usage_limit" IS NULL OR "discounts"."usage_limit" >= 1)),
	CONSTRAINT "discounts_kind_fields_check" CHECK (("discounts"."kind" <> 'percentage' OR "discounts"."percent_bps" IS NOT NULL) AND ("discounts"."kind" <> 'fixed_amount' OR "discounts"."amount_cents" > 0) AND ("discounts"."kind" <> 'buy_x_get_y' OR ("discounts"."buy_quantity" IS NOT NULL AND "discounts"."get_quantity" IS NOT NULL))),
	CONSTRAINT "discounts_dates_check" CHECK ("discounts"."starts_at" IS NULL OR "discounts"."ends_at" IS NULL OR "discounts"."ends_at" > "discounts"."starts_at"),
	CONSTRAINT "discounts_uses_check" CHECK ("discounts"."times_used" >= 0 AND "discounts"."times_held" >= 0)
);
--> statement-breakpoint
CREATE TABLE "discount_redemptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"discount_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"customer_id" uuid,
	"email" text,
	"once_per_customer" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'held' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_redemptions_status_check" CHECK ("discount_redemptions"."status" IN ('held', 'confirmed'))
);
--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_discount_id_discounts_id_fk" FOREIGN KEY ("discount_id") REFERENCES "public"."discounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discounts_code_key" ON "discounts" USING btree (upper("code")) WHERE "discounts"."code" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "discounts_automatic_idx" ON "discounts" USING btree ("created_at") WHERE "discounts"."code" IS NULL AND "discounts"."is_active";--> statement-breakpoint
CREATE UNIQUE INDEX "discount_redemptions_order_key" ON "discount_redemptions" USING btree ("discount_id","order_id");--> statement-breakpoint
CREATE INDEX "discount_redemptions_order_idx" ON "discount_redemptions" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_redemptions_once_email_key" ON "discount_redemptions" USING btree ("discount_id","email") WHERE "discount_redemptions"."once_per_customer" AND "discount_redemptions"."email" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_redemptions_once_customer_key" ON "discount_redemptions" USING btree ("discount_id","customer_id") WHERE "discount_redemptions"."once_per_customer" AND "discount_redemptions"."customer_id" IS NOT NULL;
