-- Money carries its currency (decision 0066): the amounts that had no ISO 4217 code beside them get
-- one. Rows written before this were in US dollars, the only currency the shop had, so the default
-- fills them; new rows get the shop's base currency (discounts, shipping methods) or the order's.
ALTER TABLE "discounts" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;
--> statement-breakpoint
ALTER TABLE "discounts" ADD CONSTRAINT "discounts_currency_check" CHECK ("currency" ~ '^[A-Z]{3}$');
--> statement-breakpoint
ALTER TABLE "shipping_methods" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;
--> statement-breakpoint
ALTER TABLE "shipping_methods" ADD CONSTRAINT "shipping_methods_currency_check" CHECK ("currency" ~ '^[A-Z]{3}$');
--> statement-breakpoint
-- A refund goes back in its order's currency.
ALTER TABLE "refunds" ADD COLUMN "currency" text;
--> statement-breakpoint
UPDATE "refunds" r SET "currency" = o."currency" FROM "orders" o WHERE o."id" = r."order_id";
--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "currency" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_currency_check" CHECK ("currency" ~ '^[A-Z]{3}$');
--> statement-breakpoint
ALTER TABLE "local_payment_refunds" ADD COLUMN "currency" text;
--> statement-breakpoint
UPDATE "local_payment_refunds" r SET "currency" = o."currency" FROM "orders" o WHERE o."id" = r."order_id";
--> statement-breakpoint
ALTER TABLE "local_payment_refunds" ALTER COLUMN "currency" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "local_payment_refunds" ADD CONSTRAINT "local_payment_refunds_currency_check" CHECK ("currency" ~ '^[A-Z]{3}$');
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_currency_check" CHECK ("currency" ~ '^[A-Z]{3}$');
--> statement-breakpoint
ALTER TABLE "payment_sessions" ADD CONSTRAINT "payment_sessions_currency_check" CHECK ("currency" ~ '^[A-Z]{3}$');
--> statement-breakpoint
-- Product answers carry the base currency, so the page caches empty when it changes, as for the
-- storefront's own settings.
DROP TRIGGER settings_notify_catalog ON public.settings;
--> statement-breakpoint
CREATE TRIGGER settings_notify_catalog AFTER INSERT OR UPDATE ON public.settings
  FOR EACH ROW
  WHEN (((new.key ~~ 'storefront.%'::text) OR (new.key = 'base_currency'::text)))
  EXECUTE FUNCTION cartwheel_notify_catalog();
