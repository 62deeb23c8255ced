import type { Product } from '@cartwheel/shared/contracts/catalog';
import { beforeAll, describe, expect, it } from 'vitest';
import { appWithSitesPerFile, STOREFRONT_INDEX } from '../../../test/catalog-sites.ts';
import { createProduct } from '../../../test/factories.ts';
import { addMarket } from './test-helpers.ts';

// The storefront's address prefix picks the market the catalog is priced in (`?locale=`, the same
// rule as the browser's, packages/shared/src/locale.ts), and its pages show those prices.
const suite = appWithSitesPerFile({
  'storefront/index.html': STOREFRONT_INDEX,
  'admin/index.html': '<title>admin</title>',
});

beforeAll(async () => {
  const { db } = suite.ctx;
  await addMarket(db, {
    handle: 'eu',
    currency: 'EUR',
    rate: '0.92',
    rounding: 'x.99',
    countries: ['DE', 'FR', 'ES'],
    languages: ['de', 'fr', 'es'],
  });
  await addMarket(db, {
    handle: 'ca',
    currency: 'CAD',
    rate: '1.37',
    countries: ['CA'],
    languages: ['en', 'fr'],
  });
  await addMarket(db, {
    handle: 'jp',
    currency: 'JPY',
    rate: '151.37',
    rounding: 'whole',
    countries: ['JP'],
    languages: ['ja'],
  });
  await createProduct(db, {
    name: 'Camp Mug',
    slug: 'market-mug',
    price: 2800,
    inventoryLevel: 5,
    weight: 1.5,
  });
});

const currencyOf = async (query: string) => {
  const res = await suite.ctx.app.inject({ method: 'GET', url: `/api/products/market-mug${query}` });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as Product;
  return [body.currency, body.price];
};

describe('the market of a storefront locale', () => {
  it.each([
    ['', ['USD', 2800]],
    ['?locale=de', ['EUR', 2599]],
    ['?locale=fr', ['EUR', 2599]],
    ['?locale=fr-ca', ['CAD', 3836]],
    ['?locale=ja', ['JPY', 4238]],
    ['?locale=en-gb', ['USD', 2800]],
    ['?locale=xx', ['USD', 2800]],
    ['?locale=de&market=jp', ['JPY', 4238]],
  ])('GET /api/products/:slug%s is priced in %j', async (query, expected) => {
    expect(await currencyOf(query)).toEqual(expected);
  });

  it("renders each page with its market's prices, written for its language", async () => {
    const page = async (path: string) => {
      const res = await suite.get(path);
      expect(res.statusCode).toBe(200);
      return res.body.replace(/\u00a0|\u202f/g, ' ');
    };
    expect(await page('/product/market-mug')).toContain('$28.00');
    const german = await page('/de/product/market-mug');
    expect(german).toContain('25,99 €');
    expect(german).toContain('In den Warenkorb');
    expect(await page('/ja/product/market-mug')).toContain('￥4,238');
    expect(await page('/fr-ca/product/market-mug')).toContain('38,36 $');
  });

  it.each([
    ['/product/market-mug', '1.5 lb'],
    ['/de/product/market-mug', '0,68 kg'],
    ['/fr-ca/product/market-mug', '0,68 kg'],
    ['/ja/product/market-mug', '0.68 kg'],
  ])("shows the weight (stored in pounds) on %s in the market's unit: %s", async (path, weight) => {
    const res = await suite.get(path);
    expect(res.statusCode).toBe(200);
    const shown = /data-testid="product-weight">([^<]*)</.exec(res.body)?.[1]?.replace(/\u00a0|\u202f/g, ' ');
    expect(shown).toBe(weight);
  });
});
