-- Where an order came from: the storefront's checkout ('web'), a draft order paid through its payment
-- link ('draft') or a draft order staff marked paid in person ('pos').
ALTER TABLE "orders" ADD COLUMN "source" text DEFAULT 'web' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_source_check" CHECK ("orders"."source" IN ('web', 'draft', 'pos'));--> statement-breakpoint
-- Orders staff build by hand (Point of Sale). A draft holds no stock; it becomes an order when it is
-- marked paid, or a checkout when a payment link is sent (order_id then points at it). `version`
-- goes up with every edit: an edit made from an older version is refused.
CREATE TABLE "draft_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"draft_number" integer GENERATED ALWAYS AS IDENTITY (START WITH 1001) NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"customer_id" uuid,
	"email" text,
	"first_name" text,
	"last_name" text,
	"shipping_address" jsonb,
	"shipping_method_id" uuid,
	"discount_code" text,
	"note" text,
	"order_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "draft_orders_draft_number_unique" UNIQUE("draft_number"),
	CONSTRAINT "draft_orders_status_check" CHECK ("draft_orders"."status" IN ('open', 'completed')),
	CONSTRAINT "draft_orders_version_check" CHECK ("draft_orders"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "draft_orders" ADD CONSTRAINT "draft_orders_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft_orders" ADD CONSTRAINT "draft_orders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "draft_orders" ADD CONSTRAINT "draft_orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "draft_orders_status_created_idx" ON "draft_orders" USING btree ("status","created_at" DESC);--> statement-breakpoint
CREATE INDEX "draft_orders_order_idx" ON "draft_orders" USING btree ("order_id");--> statement-breakpoint
-- The finances ledger reads payments by the time they were received and refunds by when they succeeded.
CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at") WHERE "orders"."paid_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "refunds_succeeded_at_idx" ON "refunds" USING btree ("succeeded_at") WHERE "refunds"."status" = 'succeeded';
