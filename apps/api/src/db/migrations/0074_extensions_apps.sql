-- An app: an API key with a role, plus the back-office places it draws in (a sidebar link, panels on
-- the order, product and customer pages). The secret signs the tokens its frames receive, so it is
-- kept in clear like a webhook secret. docs/decisions/0083-app-extensions.md.
CREATE TABLE IF NOT EXISTS "apps" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "name" text NOT NULL,
  "url" text NOT NULL,
  "secret" text NOT NULL,
  "api_key_id" uuid NOT NULL REFERENCES "api_keys"("id") ON DELETE CASCADE,
  "sidebar_label" text,
  "panels" text[] DEFAULT '{}' NOT NULL,
  "created_by" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "apps_panels_check" CHECK ("panels" <@ ARRAY['order', 'product', 'customer']::text[])
);
