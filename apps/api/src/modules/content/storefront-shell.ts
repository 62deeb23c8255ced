import { TEST_PAYMENTS_NOTICE } from '@cartwheel/shared/constants';
import { type StorefrontSite, storefrontSite } from '@cartwheel/shared/contracts/content';
import {
  HERO_IMAGE_BOX,
  HERO_IMAGE_SIZES,
  type ImageSource,
  imageOf,
  imageSrcSet,
  LOGO_IMAGE_BOX,
  LOGO_IMAGE_SIZES,
} from '@cartwheel/shared/images';
import type { FastifyInstance } from 'fastify';
import { escapeHtml } from '../../lib/html.ts';
import type { RenderedBody } from '../../lib/read-cache.ts';
import { type ShellRenderer, shellPage } from '../../lib/static-sites.ts';
import { LIST_TAGS } from '../catalog/cache-tags.ts';
import { absoluteUrl, injectHead, type PageHead, scriptSafeJson } from '../catalog/catalog.seo.ts';
import { loadStorefrontSite } from './storefront-site.ts';

// The shop's own look in the storefront's HTML shell, before any script runs: its name and logo in
// the header, its colours as the theme's CSS variables, the test-mode and announcement bars, the home
// hero, the default title and description, and the site's data for the app (read from #site-data, so
// the app's first render already shows the shop's name without waiting for GET /api/storefront/site).

/** The parts of index.html between <!--shell:name--> and <!--/shell:name--> become `html`. */
function fillMarker(page: string, name: string, html: string): string {
  const marker = new RegExp(`<!--shell:${name}-->[\\s\\S]*?<!--/shell:${name}-->`, 'g');
  return page.replace(marker, () => html);
}

/** White text on both colours (checked when saved); the ring follows the primary colour. */
export function themeStyle(store: StorefrontSite['store']): string {
  const vars = [
    `--primary:${store.primary_color}`,
    '--primary-foreground:#ffffff',
    `--ring:${store.primary_color}`,
    `--shop-accent:${store.accent_color}`,
  ];
  return `<style id="shop-theme">:root{${vars.join(';')}}</style>`;
}

/** The announcement bar as the app's layout draws it (announcement-bar.tsx), or nothing when off. */
export function announcementHtml(announcement: StorefrontSite['announcement']): string {
  if (!announcement.enabled || !announcement.text) return '';
  const text = escapeHtml(announcement.text);
  const content = announcement.link
    ? `<a href="${escapeHtml(announcement.link)}" class="underline underline-offset-4">${text}</a>`
    : text;
  return `<div data-testid="announcement-bar" class="bg-[var(--shop-accent,#1d4ed8)] px-4 py-2 text-center font-medium text-sm text-white">${content}</div>`;
}

/**
 * The test-mode banner as the app's layout draws it (packages/ui test-payments-banner.tsx: the same
 * markup, checked by page-shells.test.ts), so it is there before the app and nothing moves; or nothing.
 */
export function testPaymentsHtml(site: Pick<StorefrontSite, 'test_payments'>): string {
  if (!site.test_payments) return '';
  return `<div role="status" data-testid="test-payments-banner" class="border-amber-300 border-b bg-amber-100 px-4 py-2 text-center font-medium text-amber-950 text-sm">${escapeHtml(TEST_PAYMENTS_NOTICE)}</div>`;
}

/**
 * An image as ResponsiveImage (packages/ui) draws it: a `<picture>` with its AVIF and WebP copies
 * when it has some, else a plain `<img>` of its URL; the box's size always given (no layout shift).
 */
export function pictureHtml(
  image: ImageSource,
  options: {
    box: { width: number; height: number };
    sizes: string;
    className: string;
    loading: 'high' | 'eager' | 'lazy';
    alt?: string;
  },
): string {
  const copies = image.variants?.length ? image : null;
  const sizes = copies ? ` sizes="${escapeHtml(options.sizes)}"` : '';
  const img = [
    `<img alt="${escapeHtml(options.alt ?? '')}" src="${escapeHtml(image.url)}"`,
    copies ? ` srcset="${escapeHtml(imageSrcSet(copies, 'webp'))}"${sizes}` : '',
    ` width="${options.box.width}" height="${options.box.height}"`,
    ` loading="${options.loading === 'lazy' ? 'lazy' : 'eager'}"`,
    ` fetchpriority="${options.loading === 'high' ? 'high' : 'auto'}" decoding="async"`,
    ` class="${escapeHtml(options.className)}" />`,
  ].join('');
  if (!copies) return img;
  const avif = escapeHtml(imageSrcSet(copies, 'avif'));
  return `<picture class="contents"><source type="image/avif" srcset="${avif}"${sizes} />${img}</picture>`;
}

/** The classes of the hero image and of the logo, the same in the app (routes/home.tsx, site-header.tsx). */
const HERO_IMAGE_CLASS = 'max-h-80 w-full max-w-3xl rounded-xl object-cover';
const LOGO_IMAGE_CLASS = 'size-7 rounded object-contain';

/** The hero's image as the home page draws it (the first screen's main image), or nothing. */
export function heroImageHtml(site: Pick<StorefrontSite, 'hero' | 'images'>): string {
  if (!site.hero.image_url) return '';
  return pictureHtml(imageOf(site.images, site.hero.image_url), {
    box: HERO_IMAGE_BOX,
    sizes: HERO_IMAGE_SIZES,
    className: HERO_IMAGE_CLASS,
    loading: 'high',
  });
}

/** The head of a page with nothing of its own to say: the shop's default SEO and social image. */
export function defaultHead(site: StorefrontSite, publicUrl: string, path: string): PageHead {
  const { store } = site;
  const meta = (attr: 'property' | 'name', key: string, content: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`;
  const image = store.social_image_url ? absoluteUrl(publicUrl, store.social_image_url) : undefined;
  const tags = [
    ...(path === '/' ? [`<link rel="canonical" href="${escapeHtml(`${publicUrl}/`)}" />`] : []),
    meta('property', 'og:type', 'website'),
    meta('property', 'og:site_name', store.name),
    meta('property', 'og:title', store.seo_title),
    meta('property', 'og:description', store.seo_description),
    ...(path === '/' ? [meta('property', 'og:url', `${publicUrl}/`)] : []),
    ...(image ? [meta('property', 'og:image', image)] : []),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
  ].join('\n    ');
  return { title: store.seo_title, description: store.seo_description, tags };
}

/**
 * index.html (already through shellPage) with the shop's name, logo, colours and announcement, and
 * the site data for the app. Page heads (title, description, Open Graph) are added by the caller.
 */
export function brandShell(page: string, site: StorefrontSite): string {
  const { store } = site;
  const logo = store.logo_url
    ? pictureHtml(imageOf(site.images, store.logo_url), {
        box: LOGO_IMAGE_BOX,
        sizes: LOGO_IMAGE_SIZES,
        className: LOGO_IMAGE_CLASS,
        loading: 'eager',
      })
    : undefined;
  let out = fillMarker(page, 'name', escapeHtml(store.name));
  if (logo) out = fillMarker(out, 'logo', logo);
  out = fillMarker(out, 'announcement', testPaymentsHtml(site) + announcementHtml(site.announcement));
  out = fillMarker(out, 'hero-image', heroImageHtml(site));
  out = out.replace(
    /<meta\s+name="theme-color"[^>]*>/i,
    () => `<meta name="theme-color" content="${escapeHtml(store.primary_color)}" />`,
  );
  const data = `<script type="application/json" id="site-data">${scriptSafeJson(site)}</script>`;
  return out.replace(/<\/head>/i, () => `  ${themeStyle(store)}\n    ${data}\n  </head>`);
}

/** The home template's fields: the hero's texts and links. */
export function heroFields(hero: StorefrontSite['hero']) {
  return {
    hero_title: hero.title,
    hero_subtitle: hero.subtitle,
    primary_label: hero.primary_button.label,
    primary_link: hero.primary_button.link,
    secondary_label: hero.secondary_button.label,
    secondary_link: hero.secondary_button.link,
  };
}

/** GET /api/storefront/site's body, rendered once per change (the catalog's read cache). */
export function siteBody(app: FastifyInstance): Promise<RenderedBody> {
  return app.catalogCache.get('site', async () => ({
    text: JSON.stringify(
      storefrontSite.parse(await app.catalogReads.read((db) => loadStorefrontSite(db, app.config))),
    ),
    tags: LIST_TAGS.site,
  }));
}

export async function cachedSite(app: FastifyInstance): Promise<StorefrontSite> {
  return JSON.parse((await siteBody(app)).body.toString()) as StorefrontSite;
}

/** The title suffix of the storefront's pages ("Cartwheel Store"). */
export const storeTitle = (site: StorefrontSite) => `${site.store.name} Store`;

/**
 * The shell of the home page and of every page without a head of its own, with the shop's look,
 * rendered once per change (the catalog's read cache: a content change empties it in every process).
 * The same bytes for every visitor (the app fills in what is personal), so shared caches may keep it
 * under the site's tags.
 */
export function storefrontShellRenderer(app: FastifyInstance): ShellRenderer {
  return (index, name) =>
    app.catalogCache.get(`shell:${name ?? 'page'}`, async () => {
      const site = await cachedSite(app);
      const page = shellPage(index, name, name === 'home' ? heroFields(site.hero) : {});
      return {
        text: injectHead(
          brandShell(page, site),
          defaultHead(site, app.config.publicUrl, name === 'home' ? '/' : ''),
        ),
        tags: LIST_TAGS.site,
      };
    });
}
