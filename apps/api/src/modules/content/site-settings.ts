import {
  type HomeContent,
  homeContent,
  type StoreSettings,
  storeSettings,
} from '@cartwheel/shared/contracts/content';
import { inArray } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { storedOverDefaults } from '../../lib/stored-settings.ts';
import { settings } from '../accounts/accounts.schema.ts';
import { storeSettings as storeSettingRows } from '../accounts/accounts.service.ts';

// The storefront's settings rows. Their keys start with "storefront.": migration 0024's trigger
// empties every process's page caches when one of them changes.
const STORE_KEY = 'storefront.store';
const HOME_KEY = 'storefront.home';

type StoreDefaults = Pick<Config, 'shopName' | 'shopLogoUrl' | 'publicUrl'>;

/** Near-black and a deep blue: both well above 4.5:1 with white text. */
const DEFAULT_PRIMARY = '#171717';
const DEFAULT_ACCENT = '#1d4ed8';

/** What the shop shows before an admin saves the Online Store page: SHOP_NAME and SHOP_LOGO_URL. */
export function defaultStoreSettings(config: StoreDefaults): StoreSettings {
  const configuredLogo = config.shopLogoUrl !== `${config.publicUrl}/favicon.svg`;
  return {
    name: config.shopName,
    legal_name: '',
    logo_url: configuredLogo ? config.shopLogoUrl : null,
    primary_color: DEFAULT_PRIMARY,
    accent_color: DEFAULT_ACCENT,
    seo_title: `${config.shopName} Store`,
    seo_description: `${config.shopName} online store: browse featured and new products, compare prices and shop securely.`,
    social_image_url: null,
  };
}

export const DEFAULT_HOME: HomeContent = {
  hero: {
    title: 'Everything you need, delivered to your door',
    subtitle: 'Discover quality products at fair prices, from everyday essentials to new arrivals.',
    image_url: null,
    primary_button: { label: 'Shop Now', link: '/products' },
    secondary_button: { label: 'View Featured', link: '/products?featured=true' },
  },
  announcement: { enabled: false, text: '', link: null },
};

async function storedValues(db: Db | Tx): Promise<Map<string, unknown>> {
  const rows = await db
    .select()
    .from(settings)
    .where(inArray(settings.key, [STORE_KEY, HOME_KEY]));
  return new Map(rows.map((row) => [row.key, row.value]));
}

const storedStore = storedOverDefaults(storeSettings);

function storeFrom(value: unknown, config: StoreDefaults): StoreSettings {
  return storedStore(value, defaultStoreSettings(config));
}

function homeFrom(value: unknown): HomeContent {
  const parsed = homeContent.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_HOME;
}

/** The shop's name, logo, colours and default SEO: stored values over the configured defaults. */
export async function loadStoreSettings(db: Db | Tx, config: StoreDefaults): Promise<StoreSettings> {
  return storeFrom((await storedValues(db)).get(STORE_KEY), config);
}

/** Both settings rows in one read (the storefront's frame shows both). */
export async function loadSiteSettings(db: Db | Tx, config: StoreDefaults) {
  const values = await storedValues(db);
  return { store: storeFrom(values.get(STORE_KEY), config), home: homeFrom(values.get(HOME_KEY)) };
}

/** Stores the fields sent over the current settings; the first save writes the defaults with them. */
export async function updateStoreSettings(
  db: Db | Tx,
  config: StoreDefaults,
  patch: Partial<StoreSettings>,
): Promise<StoreSettings> {
  const next = { ...(await loadStoreSettings(db, config)), ...patch };
  await storeSettingRows(db, [[STORE_KEY, next]]);
  return next;
}

export async function loadHomeContent(db: Db | Tx): Promise<HomeContent> {
  return homeFrom((await storedValues(db)).get(HOME_KEY));
}

export async function saveHomeContent(db: Db | Tx, content: HomeContent): Promise<HomeContent> {
  await storeSettingRows(db, [[HOME_KEY, content]]);
  return content;
}
