import { z } from 'zod';

/**
 * What can be translated, and which of its fields (docs/decisions/0071-content-translations.md).
 * `site` is the home page's hero and announcement (key `home`); a product's view also edits its
 * options and option values.
 */
export const TRANSLATABLE_FIELDS = {
  product: ['name', 'description', 'seo_title', 'seo_description'],
  option: ['name'],
  option_value: ['label'],
  category: ['name'],
  brand: ['name'],
  page: ['title', 'body', 'seo_title', 'seo_description'],
  site: ['hero_title', 'hero_subtitle', 'hero_primary_label', 'hero_secondary_label', 'announcement'],
  shipping_method: ['name', 'delivery_estimate'],
} as const;

export const TRANSLATION_TYPES = Object.keys(TRANSLATABLE_FIELDS) as Array<keyof typeof TRANSLATABLE_FIELDS>;
export type TranslationType = keyof typeof TRANSLATABLE_FIELDS;

/** The resources with a Translate view of their own (options and values are in their product's). */
export const TRANSLATE_VIEW_TYPES = [
  'product',
  'category',
  'brand',
  'page',
  'site',
  'shipping_method',
] as const;
export type TranslateViewType = (typeof TRANSLATE_VIEW_TYPES)[number];

/** How each field reads beside its input in the back office. */
export const FIELD_LABELS: Record<string, string> = {
  name: 'Name',
  description: 'Description',
  seo_title: 'SEO title',
  seo_description: 'SEO description',
  label: 'Value',
  title: 'Title',
  body: 'Body',
  hero_title: 'Hero title',
  hero_subtitle: 'Hero subtitle',
  hero_primary_label: 'Primary button',
  hero_secondary_label: 'Secondary button',
  announcement: 'Announcement',
  delivery_estimate: 'Delivery estimate',
};

/** A language code the shop translates into: never the default language, English. */
export const translationLanguage = z
  .string()
  .trim()
  .regex(/^[a-z]{2,3}$/, 'Language must be a language code such as de')
  .refine((l) => l !== 'en', 'English is the original language: edit the content itself');

/** One field of one resource: its English original and its translation in the chosen language. */
export const translationField = z.object({
  type: z.enum(TRANSLATION_TYPES),
  key: z.string(),
  field: z.string(),
  original: z.string(),
  /** null when not translated (the storefront shows the original). */
  translation: z.string().nullable(),
  /** The original changed after the translation was written. */
  outdated: z.boolean(),
});
export type TranslationField = z.infer<typeof translationField>;

/** GET /api/admin/translations/:type/:key: the fields of the view, grouped by resource. */
export const translationView = z.object({
  language: z.string(),
  /** The languages of the shop's markets besides English: the picker's choices. */
  languages: z.array(z.string()),
  groups: z.array(
    z.object({
      type: z.enum(TRANSLATION_TYPES),
      key: z.string(),
      label: z.string(),
      fields: z.array(translationField),
    }),
  ),
});
export type TranslationView = z.infer<typeof translationView>;

/** GET /api/admin/translations/:type: the resources of a type to pick one to translate. */
export const translatableList = z.object({
  items: z.array(z.object({ key: z.string(), label: z.string() })),
  /** The languages the shop translates into (its markets' besides English). */
  languages: z.array(z.string()),
});
export type TranslatableList = z.infer<typeof translatableList>;

const translationValue = z.string().max(50_000, 'A translation is at most 50,000 characters');

/** PUT /api/admin/translations: the fields of one language; an empty value removes the translation. */
export const saveTranslationsBody = z.object({
  language: translationLanguage,
  items: z
    .array(
      z.object({
        type: z.enum(TRANSLATION_TYPES),
        key: z.string().min(1).max(200),
        field: z.string().min(1).max(50),
        value: translationValue,
      }),
    )
    .max(2000),
});
export type SaveTranslationsBody = z.infer<typeof saveTranslationsBody>;

/** The translate form: the values by `type|key|field`, with the language. */
export const translateForm = z.object({ values: z.record(z.string(), translationValue) });
export type TranslateForm = z.infer<typeof translateForm>;

/** POST /api/admin/translations/ai: suggestions for the view's fields (nothing is saved). */
export const aiTranslateBody = z.object({
  language: translationLanguage,
  type: z.enum(TRANSLATE_VIEW_TYPES),
  key: z.string().min(1).max(200),
});
export const aiTranslateResponse = z.object({
  items: z.array(
    z.object({ type: z.enum(TRANSLATION_TYPES), key: z.string(), field: z.string(), value: z.string() }),
  ),
});
export type AiTranslateResponse = z.infer<typeof aiTranslateResponse>;

/** The CSV's columns, in order: export writes them, import needs them. */
export const TRANSLATION_CSV_COLUMNS = ['type', 'key', 'field', 'locale', 'original', 'translation'] as const;

export const translationsImportResult = z.object({ written: z.number().int(), removed: z.number().int() });
export const MAX_TRANSLATIONS_IMPORT_BYTES = 10 * 1024 * 1024;
