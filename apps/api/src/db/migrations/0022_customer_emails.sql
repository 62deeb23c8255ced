-- Customer emails: per-template subject and intro paragraph edited in the back office, extra headers
-- on outgoing mail (List-Unsubscribe), marketing consent on accounts, unsubscribes, and the
-- abandoned-checkout emails with the orders they recovered.
CREATE TABLE "email_templates" (
	"kind" text PRIMARY KEY NOT NULL,
	"subject" text,
	"intro" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "marketing_opt_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- One row per address that asked for no more marketing email (lower-cased).
CREATE TABLE "marketing_unsubscribes" (
	"email" text PRIMARY KEY NOT NULL,
	"unsubscribed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- At most one recovery email per checkout (the unique order_id is the claim). The link's token is
-- kept as its SHA-256 only.
CREATE TABLE "abandoned_checkout_emails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"discount_code" text,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"clicked_at" timestamp with time zone,
	"recovered_order_id" uuid,
	"recovered_amount" integer,
	"recovered_at" timestamp with time zone,
	CONSTRAINT "abandoned_checkout_emails_order_unique" UNIQUE("order_id"),
	CONSTRAINT "abandoned_checkout_emails_token_unique" UNIQUE("token_hash"),
	CONSTRAINT "abandoned_checkout_emails_recovered_order_unique" UNIQUE("recovered_order_id")
);
--> statement-breakpoint
ALTER TABLE "abandoned_checkout_emails" ADD CONSTRAINT "abandoned_checkout_emails_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "abandoned_checkout_emails" ADD CONSTRAINT "abandoned_checkout_emails_recovered_order_id_orders_id_fk" FOREIGN KEY ("recovered_order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "abandoned_checkout_emails_email_idx" ON "abandoned_checkout_emails" USING btree (lower("email"), "sent_at");--> statement-breakpoint
CREATE INDEX "abandoned_checkout_emails_recovered_idx" ON "abandoned_checkout_emails" USING btree ("recovered_at") WHERE "recovered_at" IS NOT NULL;--> statement-breakpoint
-- The list of unpaid checkouts with an email, newest first.
CREATE INDEX "orders_unpaid_checkouts_idx" ON "orders" USING btree ("created_at") WHERE "order_number" IS NULL AND "customer_email" IS NOT NULL;
