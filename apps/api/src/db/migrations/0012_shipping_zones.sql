CREATE TABLE "shipping_zones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"states" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shipping_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"zone_id" uuid NOT NULL,
	"name" text NOT NULL,
	"delivery_estimate" text,
	"kind" text NOT NULL,
	"amount_cents" integer DEFAULT 0 NOT NULL,
	"free_over_cents" integer,
	"weight_bands" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "shipping_methods_kind_check" CHECK ("shipping_methods"."kind" IN ('flat', 'free_over', 'weight')),
	CONSTRAINT "shipping_methods_amount_check" CHECK ("shipping_methods"."amount_cents" >= 0),
	CONSTRAINT "shipping_methods_free_over_check" CHECK ("shipping_methods"."free_over_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"zone_id" uuid NOT NULL,
	"name" text NOT NULL,
	"rate_bps" integer NOT NULL,
	CONSTRAINT "tax_rates_zone_id_unique" UNIQUE("zone_id"),
	CONSTRAINT "tax_rates_rate_bps_check" CHECK ("tax_rates"."rate_bps" >= 0 AND "tax_rates"."rate_bps" <= 10000)
);
--> statement-breakpoint
ALTER TABLE "shipping_methods" ADD CONSTRAINT "shipping_methods_zone_id_shipping_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."shipping_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_rates" ADD CONSTRAINT "tax_rates_zone_id_shipping_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."shipping_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipping_zones_countries_idx" ON "shipping_zones" USING gin ("countries");--> statement-breakpoint
CREATE INDEX "shipping_methods_zone_id_idx" ON "shipping_methods" USING btree ("zone_id");
