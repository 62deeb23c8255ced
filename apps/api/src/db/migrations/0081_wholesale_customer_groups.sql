-- Wholesale customers (docs/decisions/0093-wholesale-customers.md): groups with a minimum order and
-- payment terms, their price lists, a customer's group and tax exemption number, and orders on terms.
CREATE TABLE IF NOT EXISTS "customer_groups" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "name" text NOT NULL,
  "min_order_amount" integer,
  "payment_terms_days" integer,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "customer_groups_min_order_check" CHECK ("min_order_amount" IS NULL OR "min_order_amount" > 0),
  CONSTRAINT "customer_groups_terms_check" CHECK ("payment_terms_days" IS NULL OR "payment_terms_days" BETWEEN 1 AND 365)
);
--> statement-breakpoint
CREATE UNIQUE INDEX IF NOT EXISTS "customer_groups_name_idx" ON "customer_groups" (lower("name"));
--> statement-breakpoint
CREATE TABLE IF NOT EXISTS "price_lists" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "group_id" uuid NOT NULL REFERENCES "customer_groups"("id") ON DELETE CASCADE,
  "name" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "price_lists_group_idx" ON "price_lists" ("group_id");
--> statement-breakpoint
-- A fixed price is in one currency and names a product (and maybe its variant); a percentage names a
-- product, a category or nothing (the whole catalog).
CREATE TABLE IF NOT EXISTS "price_list_entries" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "price_list_id" uuid NOT NULL REFERENCES "price_lists"("id") ON DELETE CASCADE,
  "product_id" uuid REFERENCES "products"("id") ON DELETE CASCADE,
  "variant_id" uuid REFERENCES "product_variants"("id") ON DELETE CASCADE,
  "category_id" uuid REFERENCES "categories"("id") ON DELETE CASCADE,
  "min_quantity" integer DEFAULT 1 NOT NULL,
  "price" integer,
  "currency" text,
  "percent_off_bps" integer,
  CONSTRAINT "price_list_entries_quantity_check" CHECK ("min_quantity" >= 1),
  CONSTRAINT "price_list_entries_kind_check" CHECK (
    ("price" IS NOT NULL AND "price" >= 0 AND "currency" ~ '^[A-Z]{3}$' AND "percent_off_bps" IS NULL AND "product_id" IS NOT NULL)
    OR ("price" IS NULL AND "currency" IS NULL AND "percent_off_bps" BETWEEN 1 AND 10000)),
  CONSTRAINT "price_list_entries_scope_check" CHECK (
    ("variant_id" IS NULL OR "product_id" IS NOT NULL) AND ("category_id" IS NULL OR "product_id" IS NULL))
);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "price_list_entries_list_idx" ON "price_list_entries" ("price_list_id");
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN IF NOT EXISTS "customer_group_id" uuid REFERENCES "customer_groups"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN IF NOT EXISTS "tax_exemption_number" text;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "profiles_customer_group_idx" ON "profiles" ("customer_group_id") WHERE "customer_group_id" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "tax_exemption_number" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "payment_terms_days" integer;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "payment_due_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "payment_reminded_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_payment_due_idx" ON "orders" ("payment_due_at") WHERE "payment_due_at" IS NOT NULL AND "payment_status" = 'unpaid';
