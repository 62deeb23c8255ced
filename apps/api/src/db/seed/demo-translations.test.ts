import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/test-app.ts';
import { demoPages } from '../../modules/content/demo-pages.ts';
import { DEFAULT_HOME } from '../../modules/content/site-settings.ts';
import { ensureShippingZones } from '../../modules/shipping/default-zones.ts';
import { queryRows } from '../client.ts';
import { DEMO_CATEGORIES, DEMO_PRODUCTS } from './demo-data.ts';
import { DEMO_TRANSLATIONS } from './demo-translations/index.ts';

const sorted = (keys: Iterable<string>) => [...new Set(keys)].sort();
const filled = (text: string | undefined) => typeof text === 'string' && text.trim().length > 0;
const languages = Object.entries(DEMO_TRANSLATIONS);

const products = DEMO_PRODUCTS.filter((p) => !p.deleted);
const options = products.flatMap((p) => p.options ?? []);
const pages = demoPages(new Date()).filter((p) => p.published);
const headings = (markdown: string) => markdown.split('\n').filter((line) => line.startsWith('#')).length;

describe.each(languages)('the demo translation into %s', (_language, t) => {
  it('has every visible product, category, option and value, and nothing the demo does not have', () => {
    expect(sorted(Object.keys(t.products))).toEqual(sorted(products.map((p) => p.sku)));
    for (const { name, description } of Object.values(t.products)) {
      expect(filled(name) && filled(description), name).toBe(true);
    }
    expect(sorted(Object.keys(t.categories))).toEqual(sorted(DEMO_CATEGORIES));
    for (const category of Object.values(t.categories)) expect(filled(category.name)).toBe(true);
    expect(sorted(Object.keys(t.options))).toEqual(sorted(options.map((o) => o.name)));
    expect(sorted(Object.keys(t.optionValues))).toEqual(
      sorted(options.flatMap((o) => o.values.map((v) => v.label))),
    );
    for (const text of [...Object.values(t.options), ...Object.values(t.optionValues)]) {
      expect(filled(text)).toBe(true);
    }
  });

  it('has every published page, in Markdown with the same sections as the English', () => {
    expect(sorted(Object.keys(t.pages))).toEqual(sorted(pages.map((p) => p.slug)));
    for (const page of pages) {
      const translated = t.pages[page.slug];
      expect(filled(translated?.title) && filled(translated?.seoDescription), page.slug).toBe(true);
      expect(headings(translated?.body ?? ''), page.slug).toBe(headings(page.body ?? ''));
    }
  });

  it('has the hero, and an announcement exactly when the English has one', () => {
    const { hero } = t;
    for (const text of [hero.title, hero.subtitle, hero.primary_button.label, hero.secondary_button.label]) {
      expect(filled(text)).toBe(true);
    }
    expect(filled(t.announcement)).toBe(filled(DEFAULT_HOME.announcement.text));
  });
});

describe('the demo translations of the shipping methods', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.close());

  it('name every method the demo shop starts with, and its delivery estimate', async () => {
    const rates = {
      shippingFlatCents: 0,
      shippingFreeOverCents: undefined,
      taxRateBps: 0,
      sessionTtlMinutes: 30,
    };
    await ensureShippingZones(database.db, rates, 'demo');
    const methods = await queryRows<{ name: string }>(database.db, sql`SELECT name FROM shipping_methods`);
    expect(methods.length).toBeGreaterThan(0);
    for (const [, t] of languages) {
      expect(sorted(Object.keys(t.shippingMethods))).toEqual(sorted(methods.map((m) => m.name)));
      for (const method of Object.values(t.shippingMethods)) {
        expect(filled(method.name) && filled(method.deliveryEstimate)).toBe(true);
      }
    }
  });
});
