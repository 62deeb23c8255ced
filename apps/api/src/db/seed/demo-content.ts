import type { TranslationType } from '@cartwheel/shared/contracts/translations';
import { sql } from 'drizzle-orm';
import { settings } from '../../modules/accounts/accounts.schema.ts';
import { contentPages } from '../../modules/content/content.schema.ts';
import { demoPages } from '../../modules/content/demo-pages.ts';
import { saveTranslations, type TranslationWrite } from '../../modules/translations/translations.service.ts';
import { type Db, queryRows, type Tx } from '../client.ts';
import { DEMO_TRANSLATIONS } from './demo-translations/index.ts';
import type { DemoTranslation } from './demo-translations/types.ts';

/** Ids of the seeded rows by the English keys the demo's translations use. */
type Keys = Record<
  'product' | 'category' | 'option' | 'option_value' | 'page' | 'shipping_method',
  Map<string, string[]>
>;

async function keysOf(db: Db | Tx): Promise<Keys> {
  const rows = await queryRows<{ type: keyof Keys; name: string; id: string }>(
    db,
    sql`SELECT 'product' AS type, sku AS name, id::text FROM products WHERE deleted_at IS NULL
      UNION ALL SELECT 'category', name, id::text FROM categories
      UNION ALL SELECT 'option', display_name, id::text FROM product_options
      UNION ALL SELECT 'option_value', label, id::text FROM product_option_values
      UNION ALL SELECT 'page', slug, id::text FROM content_pages
      UNION ALL SELECT 'shipping_method', name, id::text FROM shipping_methods`,
  );
  const keys = Object.fromEntries(
    ['product', 'category', 'option', 'option_value', 'page', 'shipping_method'].map((t) => [t, new Map()]),
  ) as Keys;
  for (const { type, name, id } of rows) keys[type].set(name, [...(keys[type].get(name) ?? []), id]);
  return keys;
}

/** The writes of one language: every row the English key names, each translated field. */
function writesOf(
  language: string,
  t: DemoTranslation,
  keys: Keys,
  shippingOnly: boolean,
): TranslationWrite[] {
  const writes: TranslationWrite[] = [];
  const add = (type: TranslationType & keyof Keys, name: string, fields: Record<string, string>) => {
    for (const key of keys[type].get(name) ?? []) {
      for (const [field, value] of Object.entries(fields))
        if (value) writes.push({ type, key, field, language, value });
    }
  };
  for (const [name, m] of Object.entries(t.shippingMethods ?? {})) {
    add('shipping_method', name, { name: m.name, delivery_estimate: m.deliveryEstimate });
  }
  if (shippingOnly) return writes;
  for (const [sku, p] of Object.entries(t.products ?? {})) add('product', sku, p);
  for (const [name, c] of Object.entries(t.categories ?? {})) add('category', name, c);
  for (const [name, label] of Object.entries(t.options ?? {})) add('option', name, { name: label });
  for (const [name, label] of Object.entries(t.optionValues ?? {})) add('option_value', name, { label });
  for (const [slug, p] of Object.entries(t.pages ?? {})) {
    add('page', slug, { title: p.title, body: p.body, seo_description: p.seoDescription });
  }
  const site = {
    hero_title: t.hero.title,
    hero_subtitle: t.hero.subtitle,
    hero_primary_label: t.hero.primary_button.label,
    hero_secondary_label: t.hero.secondary_button.label,
    announcement: t.announcement,
  };
  for (const [field, value] of Object.entries(site)) {
    if (value) writes.push({ type: 'site', key: 'home', field, language, value });
  }
  return writes;
}

async function writeDemoTranslations(db: Db | Tx, shippingOnly: boolean): Promise<void> {
  const keys = await keysOf(db);
  const writes = Object.entries(DEMO_TRANSLATIONS).flatMap(([language, t]) =>
    writesOf(language, t, keys, shippingOnly),
  );
  if (writes.length) await saveTranslations(db, writes);
}

/**
 * The demo's content pages, and the demo's catalogue and content in its markets' languages,
 * written through the translations engine (docs/decisions/0071-content-translations.md).
 */
export async function seedDemoContent(tx: Tx, now: Date): Promise<void> {
  await tx.insert(contentPages).values(demoPages(now));
  await writeDemoTranslations(tx, false);
  // Where returns go back to: a demo return can be approved and its label printed straight away.
  await tx.insert(settings).values({ key: 'returns', value: DEMO_RETURNS });
}

const DEMO_RETURNS = {
  window_days: 30,
  address: {
    name: 'Cartwheel Returns',
    address_line_1: '2150 Harbor Street',
    address_line_2: 'Unit 4',
    city: 'Oakland',
    state_province: 'CA',
    postal_code: '94607',
    country: 'US',
  },
};

/** The demo's shipping methods in its markets' languages: their zones are made after the seed (main.ts). */
export async function seedDemoShippingTranslations(db: Db): Promise<void> {
  await writeDemoTranslations(db, true);
}
