import { z } from 'zod';
import { contrastWithWhite, MIN_TEXT_CONTRAST } from '../contrast.ts';
import { isLinkableImageUrl } from './admin-products.ts';
import { imageVariant } from './catalog.ts';
import { WEIGHT_UNITS } from './markets.ts';

// The storefront's editable content (home hero, announcement bar, pages) and the Online Store
// settings (name, logo, colours, default SEO), as the back office writes them and the storefront reads them.

/** A link a button or the announcement may point to: a path on the shop ("/products") or an http(s) URL. */
export const contentLink = z
  .string()
  .trim()
  .max(500, 'Links must be at most 500 characters')
  .refine(
    (value) => (value.startsWith('/') && !value.startsWith('//')) || /^https?:\/\/[^\s]+$/i.test(value),
    'Links must start with / (a page of the shop) or http:// or https://',
  );

/** An image: an upload of the shop (/uploads/...), a demo image, or an http(s) URL. */
export const imageUrl = z
  .string()
  .trim()
  .max(2000, 'Image URLs must be at most 2000 characters')
  // The same rule as a product image added by URL (admin-products.ts).
  .refine(isLinkableImageUrl, 'Images must be uploaded or given as an https:// URL on a public host');

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);
const optionalText = (label: string, max: number) =>
  z.string().trim().max(max, `${label} must be at most ${max} characters`);

export const heroButton = z.object({ label: text('Button label', 40), link: contentLink });

/** The home page's hero: its title, subtitle, optional image and two buttons. */
export const hero = z.object({
  title: text('Title', 120),
  subtitle: optionalText('Subtitle', 300),
  image_url: imageUrl.nullable(),
  primary_button: heroButton,
  secondary_button: heroButton,
});
export type Hero = z.infer<typeof hero>;

/** The bar above the storefront's header: shown only when enabled. */
export const announcement = z
  .object({
    enabled: z.boolean(),
    text: optionalText('Announcement', 200),
    link: contentLink.nullable(),
  })
  .refine((value) => !value.enabled || value.text.length > 0, {
    message: 'Write the announcement before turning it on',
    path: ['text'],
  });
export type Announcement = z.infer<typeof announcement>;

/** GET/PUT /api/admin/content/home. */
export const homeContent = z.object({ hero, announcement });
export type HomeContent = z.infer<typeof homeContent>;

/** Lowercase words joined by hyphens, as the storefront's /pages/:slug takes them. */
export const pageSlug = z
  .string()
  .trim()
  .min(1, 'Slug is required')
  .max(80, 'Slug must be at most 80 characters')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Slug may use lowercase letters, digits and single hyphens');

/** POST /api/admin/content/pages and PUT .../:pageId; an empty slug is made from the title. */
export const pageInput = z.object({
  title: text('Title', 120),
  slug: z.union([pageSlug, z.literal('')]).optional(),
  body: optionalText('Body', 50_000),
  seo_title: optionalText('SEO title', 70),
  seo_description: optionalText('SEO description', 160),
  published: z.boolean(),
});
export type PageInput = z.infer<typeof pageInput>;

export const contentPage = z.object({
  id: z.uuid(),
  title: z.string(),
  slug: z.string(),
  body: z.string(),
  seo_title: z.string(),
  seo_description: z.string(),
  published: z.boolean(),
  updated_at: z.string(),
});
export type ContentPage = z.infer<typeof contentPage>;

export const contentPageList = z.object({ items: z.array(contentPage.omit({ body: true })) });

/** GET /api/pages/:slug: a published page, its Markdown rendered to sanitised HTML. */
export const publicPage = z.object({
  title: z.string(),
  slug: z.string(),
  html: z.string(),
  seo_title: z.string(),
  seo_description: z.string(),
  /** The description for search engines: `seo_description`, else the start of the page's text. */
  description: z.string(),
});
export type PublicPage = z.infer<typeof publicPage>;

const hexColor = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/, `${label} must be a hex colour like #1d4ed8`)
    .transform((value) => value.toLowerCase())
    .superRefine((value, ctx) => {
      const ratio = contrastWithWhite(value);
      if (ratio < MIN_TEXT_CONTRAST) {
        ctx.addIssue({
          code: 'custom',
          message: `${label} is too light for white text (${ratio.toFixed(2)}:1; WCAG AA needs ${MIN_TEXT_CONTRAST}:1)`,
        });
      }
    });

/** GET /api/admin/online-store: the shop's identity on the storefront and in emails. */
export const storeSettings = z.object({
  name: z.string(),
  /** The business's registered name for the footer's copyright line; empty means the shop's name. */
  legal_name: z.string(),
  logo_url: z.string().nullable(),
  /** Buttons and links; white text sits on it. */
  primary_color: z.string(),
  /** The announcement bar; white text sits on it. */
  accent_color: z.string(),
  seo_title: z.string(),
  seo_description: z.string(),
  social_image_url: z.string().nullable(),
});
export type StoreSettings = z.infer<typeof storeSettings>;

/** PATCH /api/admin/online-store: the fields sent change, the others stay. */
export const storeSettingsPatch = z
  .object({
    name: text('Shop name', 80),
    legal_name: optionalText('Legal name', 120),
    logo_url: imageUrl.nullable(),
    primary_color: hexColor('Primary colour'),
    accent_color: hexColor('Accent colour'),
    seo_title: text('SEO title', 70),
    seo_description: optionalText('SEO description', 160),
    social_image_url: imageUrl.nullable(),
  })
  .partial();
export type StoreSettingsPatch = z.input<typeof storeSettingsPatch>;

/**
 * An image uploaded for the storefront's content, as stored: `url` is the WebP of at most 1600 px,
 * `width`/`height` its size, `variants` its smaller AVIF and WebP copies by width, narrowest first.
 */
export const contentImage = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  variants: z.array(imageVariant),
});
export type ContentImage = z.infer<typeof contentImage>;

/** The stored copies of the images the settings name (uploads only: an http(s) URL has none). */
const withImages = { images: z.array(contentImage) };

/** GET/PUT /api/admin/content/home's answer: the content and its uploaded images' copies. */
export const homeContentRead = homeContent.extend(withImages);
export type HomeContentRead = z.infer<typeof homeContentRead>;

/** GET/PATCH /api/admin/online-store's answer: the settings and their uploaded images' copies. */
export const storeSettingsRead = storeSettings.extend(withImages);
export type StoreSettingsRead = z.infer<typeof storeSettingsRead>;

/** GET /api/storefront/site: what every storefront page shows around its content. No personal data. */
/**
 * The shop's own places a menu may link to (menus.ts): the home page, the catalog, the category menu
 * (header only), every published page (by title) and the gift card balance page.
 */
export const SHOP_LINKS = ['home', 'catalog', 'categories', 'pages', 'gift_cards'] as const;
/** The ones a served menu names (the pages' item is served as a link per page). */
const SERVED_SHOP_LINKS = ['home', 'catalog', 'categories', 'gift_cards'] as const;

/**
 * A link of the storefront's header or footer menu as served: `shop` marks one of the shop's own places,
 * named in the shopper's language when `label` is empty; `categories` draws the category menu.
 */
export const siteMenuLink = z.object({
  label: z.string(),
  to: z.string(),
  shop: z.enum(SERVED_SHOP_LINKS).nullable(),
});
export type SiteMenuLink = z.infer<typeof siteMenuLink>;

export const storefrontSite = z.object({
  store: storeSettings,
  hero,
  announcement: z.object({ enabled: z.boolean(), text: z.string(), link: z.string().nullable() }),
  pages: z.array(z.object({ title: z.string(), slug: z.string() })),
  /** The header's and footer's menus, in order, only what shoppers can open (decision 0085). */
  menus: z.object({ header: z.array(siteMenuLink), footer: z.array(siteMenuLink) }),
  /** The shop's public origin, for the absolute links of page heads (canonical, Open Graph). */
  public_url: z.string(),
  /** The copies of the hero image and the logo when they were uploaded (images.ts imageOf). */
  ...withImages,
  /**
   * True when the shop's payment provider only simulates payments (the built-in `local` provider), in
   * any environment: both front ends then show TEST_PAYMENTS_NOTICE (constants.ts) on every page.
   */
  test_payments: z.boolean(),
  /**
   * The active markets for the storefront's country and language picker, base market first
   * (docs/decisions/0067-markets.md): a catalog read takes one's handle as `?market=`.
   */
  markets: z.array(
    z.object({
      handle: z.string(),
      name: z.string(),
      countries: z.array(z.string()),
      currency: z.string(),
      languages: z.array(z.string()),
      is_base: z.boolean(),
      /** The unit its pages show weights in (the catalog stores pounds). */
      weight_unit: z.enum(WEIGHT_UNITS),
    }),
  ),
  /** The ISO 4217 code of the catalog's prices and the cart's amounts (decision 0066). */
  base_currency: z.string(),
  /** The current year by the server's clock, for the footer (the same on the server render and in the browser). */
  year: z.number().int(),
});
export type StorefrontSite = z.infer<typeof storefrontSite>;

export const MAX_CONTENT_IMAGE_BYTES = 10 * 1024 * 1024;
