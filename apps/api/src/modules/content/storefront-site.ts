import { type HomeContent, type StorefrontSite, storefrontSite } from '@cartwheel/shared/contracts/content';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { RenderedBody } from '../../lib/read-cache.ts';
import { loadBaseCurrency } from '../accounts/base-currency.ts';
import { LIST_TAGS } from '../catalog/cache-tags.ts';
import { loadMarkets } from '../markets/market-cache.ts';
import { activePaymentProvider } from '../payments/payment-settings.ts';
import { loadTranslations, SITE_KEY, translationKey } from '../translations/translated-sql.ts';
import { contentImagesOf } from './content-images.ts';
import { listPublishedPages } from './content-pages.service.ts';
import { loadSiteMenus } from './menus.ts';
import { loadSiteSettings } from './site-settings.ts';

/**
 * What every storefront page shows around its content: GET /api/storefront/site. `tags` are the cache
 * tags its answer is purged by (the menus may name products and categories).
 */
async function loadStorefrontSite(
  db: Db,
  config: Pick<Config, 'shopName' | 'shopLogoUrl' | 'publicUrl' | 'payments'>,
  language = 'en',
): Promise<{ site: StorefrontSite; tags: string[] }> {
  const [{ store, home: english }, pages, { markets }, baseCurrency, translated, provider, menus] =
    await Promise.all([
      loadSiteSettings(db, config),
      listPublishedPages(db, language),
      loadMarkets(db),
      loadBaseCurrency(db),
      loadTranslations(db, language, ['site']),
      activePaymentProvider(db, config.payments),
      loadSiteMenus(db, language),
    ]);
  const home = homeInLanguage(english, translated);
  // The pages draw the hero and the logo; the social image is only a link in the head.
  const images = await contentImagesOf(db, [home.hero.image_url, store.logo_url]);
  const tags: string[] = [...LIST_TAGS.site];
  if (menus.namesProducts) tags.push('products');
  if (menus.namesCategories) tags.push('categories');
  const site: StorefrontSite = {
    store,
    hero: home.hero,
    announcement: home.announcement,
    pages: pages.map(({ title, slug }) => ({ title, slug })),
    menus: menus.menus,
    public_url: config.publicUrl,
    images,
    // The local provider's payments are simulated, whichever way it was chosen.
    test_payments: provider === 'local',
    markets: markets
      .filter((m) => m.isActive)
      .sort((a, b) => Number(b.isBase) - Number(a.isBase))
      .map((m) => ({
        handle: m.handle,
        name: m.name,
        countries: m.countries,
        currency: m.currency,
        languages: m.languages,
        is_base: m.isBase,
        weight_unit: m.weightUnit,
      })),
    base_currency: baseCurrency,
    year: new Date().getFullYear(),
  };
  return { site, tags };
}

/** The hero's and announcement's texts in the language where translated, else as written. */
function homeInLanguage(home: HomeContent, translated: Map<string, string>): HomeContent {
  const text = (field: string, english: string) =>
    translated.get(translationKey('site', SITE_KEY, field)) ?? english;
  const { hero, announcement } = home;
  return {
    hero: {
      ...hero,
      title: text('hero_title', hero.title),
      subtitle: text('hero_subtitle', hero.subtitle),
      primary_button: {
        ...hero.primary_button,
        label: text('hero_primary_label', hero.primary_button.label),
      },
      secondary_button: {
        ...hero.secondary_button,
        label: text('hero_secondary_label', hero.secondary_button.label),
      },
    },
    announcement: { ...announcement, text: text('announcement', announcement.text) },
  };
}

/** GET /api/storefront/site's body in a language, rendered once per change (the catalog's read cache). */
export function siteBody(app: FastifyInstance, language = 'en'): Promise<RenderedBody> {
  // The year is in the key: the footer's year turns over with the clock, not only with a change.
  return app.catalogCache.get(`site:${language}:${new Date().getFullYear()}`, async () => {
    const { site, tags } = await app.catalogReads.read((db) => loadStorefrontSite(db, app.config, language));
    return { text: JSON.stringify(storefrontSite.parse(site)), tags };
  });
}

export async function cachedSite(app: FastifyInstance): Promise<StorefrontSite> {
  return JSON.parse((await siteBody(app)).body.toString()) as StorefrontSite;
}
