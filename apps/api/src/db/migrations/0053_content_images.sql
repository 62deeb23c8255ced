-- Images uploaded for the storefront's content (the hero, the logo, the social image) with their
-- smaller AVIF and WebP copies by width (modules/content/content-images.ts). Rows are written by the
-- upload, before any setting names the image, and removed once no setting names it.
CREATE TABLE IF NOT EXISTS "content_images" (
  "url" text PRIMARY KEY NOT NULL,
  "width" integer NOT NULL,
  "height" integer NOT NULL,
  "variants" jsonb NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
