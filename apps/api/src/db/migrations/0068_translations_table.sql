-- Content translations (docs/decisions/0071-content-translations.md): one row per translated field
-- of one resource in one language. A field with no row is shown in the default language (English).
-- `original_digest` is the md5 of the English text the translation was made from: when the English
-- text changes the translation is flagged outdated in the back office (and still served).
CREATE TABLE translations (
  resource_type text NOT NULL,
  resource_key text NOT NULL,
  field text NOT NULL,
  language text NOT NULL,
  value text NOT NULL,
  original_digest text NOT NULL,
  -- Searched in the language's own text search configuration; Japanese has none, so 'simple'
  -- (and trigrams, below).
  search_vector tsvector GENERATED ALWAYS AS (to_tsvector(CASE language
    WHEN 'de' THEN 'german'::regconfig WHEN 'fr' THEN 'french'::regconfig
    WHEN 'es' THEN 'spanish'::regconfig ELSE 'simple'::regconfig END, value)) STORED,
  updated_at timestamp with time zone NOT NULL DEFAULT now(),
  PRIMARY KEY (resource_type, resource_key, language, field),
  CONSTRAINT translations_language_check CHECK (language ~ '^[a-z]{2,3}$' AND language <> 'en')
);--> statement-breakpoint
-- The storefront's search in a language reads translated product names and descriptions only.
CREATE INDEX translations_product_search_idx ON translations USING gin (search_vector)
  WHERE resource_type = 'product';--> statement-breakpoint
CREATE INDEX translations_product_trgm_idx ON translations USING gin (value gin_trgm_ops)
  WHERE resource_type = 'product' AND field = 'name';--> statement-breakpoint
-- A translation is part of what the storefront's reads show: a change empties every read cache.
CREATE TRIGGER translations_notify_catalog AFTER INSERT OR DELETE OR UPDATE OR TRUNCATE ON public.translations FOR EACH STATEMENT EXECUTE FUNCTION cartwheel_notify_catalog();
