-- The storefront's pages written in the back office (modules/content). The home hero, the
-- announcement bar and the Online Store settings live in `settings` rows.
CREATE TABLE "content_pages" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "title" text NOT NULL,
  "slug" text NOT NULL,
  "body" text DEFAULT '' NOT NULL,
  "seo_title" text DEFAULT '' NOT NULL,
  "seo_description" text DEFAULT '' NOT NULL,
  "published" boolean DEFAULT false NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "content_pages_slug_key" UNIQUE("slug")
);--> statement-breakpoint

-- Pages and the storefront's settings are part of every rendered storefront page (the footer's
-- links, the shell's title, colours and logo): a change empties the read caches of every process,
-- as a catalog change does (docs/decisions/0012-read-caches.md).
CREATE TRIGGER "content_pages_notify_catalog" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "content_pages"
  FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_notify_catalog();--> statement-breakpoint
CREATE TRIGGER "settings_notify_catalog" AFTER INSERT OR UPDATE ON "settings"
  FOR EACH ROW WHEN (NEW.key LIKE 'storefront.%')
  EXECUTE FUNCTION cartwheel_notify_catalog();
