import type { StorefrontSite } from '@cartwheel/shared/contracts/content';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { contentImagesOf } from './content-images.ts';
import { listPublishedPages } from './content-pages.service.ts';
import { loadSiteSettings } from './site-settings.ts';

/** What every storefront page shows around its content: GET /api/storefront/site, and the HTML shell. */
export async function loadStorefrontSite(
  db: Db,
  config: Pick<Config, 'shopName' | 'shopLogoUrl' | 'publicUrl' | 'payments'>,
): Promise<StorefrontSite> {
  const [{ store, home }, pages] = await Promise.all([loadSiteSettings(db, config), listPublishedPages(db)]);
  // The pages draw the hero and the logo; the social image is only a link in the head.
  const images = await contentImagesOf(db, [home.hero.image_url, store.logo_url]);
  return {
    store,
    hero: home.hero,
    announcement: home.announcement,
    pages: pages.map(({ title, slug }) => ({ title, slug })),
    images,
    test_payments: config.payments.testPayments,
  };
}
