import { type StorefrontSite, storefrontSite } from '@cartwheel/shared/contracts/content';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { RenderedBody } from '../../lib/read-cache.ts';
import { loadBaseCurrency } from '../accounts/base-currency.ts';
import { LIST_TAGS } from '../catalog/cache-tags.ts';
import { loadMarkets } from '../markets/market-cache.ts';
import { contentImagesOf } from './content-images.ts';
import { listPublishedPages } from './content-pages.service.ts';
import { loadSiteSettings } from './site-settings.ts';

/** What every storefront page shows around its content: GET /api/storefront/site. */
export async function loadStorefrontSite(
  db: Db,
  config: Pick<Config, 'shopName' | 'shopLogoUrl' | 'publicUrl' | 'payments'>,
): Promise<StorefrontSite> {
  const [{ store, home }, pages, { markets }, baseCurrency] = await Promise.all([
    loadSiteSettings(db, config),
    listPublishedPages(db),
    loadMarkets(db),
    loadBaseCurrency(db),
  ]);
  // The pages draw the hero and the logo; the social image is only a link in the head.
  const images = await contentImagesOf(db, [home.hero.image_url, store.logo_url]);
  return {
    store,
    hero: home.hero,
    announcement: home.announcement,
    pages: pages.map(({ title, slug }) => ({ title, slug })),
    public_url: config.publicUrl,
    images,
    test_payments: config.payments.testPayments,
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
