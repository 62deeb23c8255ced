import { parse as parseCsv } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { beforeAll, describe, expect, it } from 'vitest';
import { appWithAdminPerFile } from '../../../test/commerce-app.ts';
import { createBrand, createOption, createProduct, createVariant } from '../../../test/factories.ts';
import { products } from '../../db/schema.ts';
import { productReviewPhotos, productReviews } from '../reviews/reviews.schema.ts';
import { META_COLUMNS } from './feed-formats.ts';

const suite = appWithAdminPerFile();
const ids: Record<'lamp' | 'shirt' | 'excluded' | 'noImage' | 'draft', string> = {
  lamp: '',
  shirt: '',
  excluded: '',
  noImage: '',
  draft: '',
};
const variantIds: string[] = [];

/** Google's required fields for every item (and one of gtin, mpn or identifier_exists). */
const GOOGLE_REQUIRED = [
  'g:id',
  'g:title',
  'g:description',
  'g:link',
  'g:image_link',
  'g:availability',
  'g:price',
  'g:brand',
  'g:condition',
] as const;

beforeAll(async () => {
  const { db } = suite.ctx;
  const brand = await createBrand(db, { name: 'Lumen & Co' });
  const base = { brandId: brand.id, description: 'A fine thing.' };
  ids.lamp = (
    await createProduct(db, {
      ...base,
      name: 'Desk Lamp <Deluxe> & "Friends"',
      description: '<p>Bright <b>light</b> &amp; warm.</p>\u0007 Reads well.',
      price: 4999,
      salePrice: 3999,
      inventoryLevel: 0,
    })
  ).id;
  const shirt = await createProduct(db, { ...base, name: 'Tee', price: 2000 }, { images: 2 });
  ids.shirt = shirt.id;
  const { values } = await createOption(db, shirt.id, 'size', ['S', 'M']);
  for (const value of values) {
    variantIds.push((await createVariant(db, shirt.id, [value.id], { price: 2100, inventoryLevel: 3 })).id);
  }
  ids.excluded = (await createProduct(db, { ...base, name: 'Excluded', salesChannels: false })).id;
  ids.noImage = (await createProduct(db, { ...base, name: 'No Image' }, { images: 0 })).id;
  ids.draft = (await createProduct(db, { ...base, name: 'Draft', isVisible: false })).id;
});

async function googleItems() {
  const res = await suite.ctx.app.inject({ url: '/feeds/google.xml' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('application/xml');
  expect(XMLValidator.validate(res.body)).toBe(true);
  const doc = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'item' }).parse(res.body);
  expect(doc.rss['@_version']).toBe('2.0');
  expect(doc.rss['@_xmlns:g']).toBe('http://base.google.com/ns/1.0');
  return (doc.rss.channel.item ?? []) as Array<Record<string, string>>;
}

const asManager = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
  suite.ctx.app.inject({
    method,
    url,
    headers: { cookie: suite.admin.cookie },
    ...(payload ? { payload } : {}),
  });

describe('the Google Merchant Center feed', () => {
  it('lists one item per variant with every required field, escaped and parsed back', async () => {
    const items = await googleItems();
    expect(items.map((i) => i['g:id']).sort()).toEqual([ids.lamp, ...variantIds].sort());
    for (const item of items) {
      for (const field of GOOGLE_REQUIRED) expect(item[field], `${item['g:id']} ${field}`).toBeTruthy();
      expect(item['g:gtin'] || item['g:mpn'] || item['g:identifier_exists']).toBeTruthy();
      expect(item['g:price']).toMatch(/^\d+\.\d{2} USD$/);
      expect(['in_stock', 'out_of_stock']).toContain(item['g:availability']);
      expect(item['g:link']).toMatch(/^http:\/\/localhost:\d+\/product\//);
      expect(item['g:image_link']).toMatch(/^http:\/\/localhost:\d+\/demo-images\//);
    }
    const lamp = items.find((i) => i['g:id'] === ids.lamp)!;
    // The parser decodes entities: the text is exactly the product's, and the description plain text.
    expect(lamp['g:title']).toBe('Desk Lamp <Deluxe> & "Friends"');
    expect(lamp['g:description']).toBe('Bright light &amp; warm. Reads well.');
    expect(lamp).toMatchObject({
      'g:price': '49.99 USD',
      'g:sale_price': '39.99 USD',
      'g:availability': 'out_of_stock',
      'g:brand': 'Lumen & Co',
      'g:condition': 'new',
      'g:identifier_exists': 'no',
    });
    expect(lamp['g:item_group_id']).toBeUndefined();
    const tees = items.filter((i) => i['g:item_group_id'] === ids.shirt);
    expect(tees.map((i) => i['g:title']).sort()).toEqual(['Tee - M', 'Tee - S']);
    expect(tees[0]).toMatchObject({ 'g:price': '21.00 USD', 'g:availability': 'in_stock' });
    expect(tees[0]!['g:sale_price']).toBeUndefined();
  });

  it('follows the per-product switch, and a GTIN replaces identifier_exists', async () => {
    const on = await asManager('PUT', `/api/admin/products/${ids.excluded}/sales-channels`, {
      included: true,
      gtin: '4006381333931',
      mpn: '',
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ id: ids.excluded, included: true, gtin: '4006381333931', mpn: null });
    let item = (await googleItems()).find((i) => i['g:id'] === ids.excluded);
    expect(item).toMatchObject({ 'g:gtin': 4006381333931 });
    expect(item!['g:identifier_exists']).toBeUndefined();

    const off = await asManager('PUT', `/api/admin/products/${ids.excluded}/sales-channels`, {
      included: false,
    });
    expect(off.json()).toMatchObject({ included: false, gtin: '4006381333931' });
    item = (await googleItems()).find((i) => i['g:id'] === ids.excluded);
    expect(item).toBeUndefined();
  });

  it('refuses a malformed GTIN with a 400 and changes nothing', async () => {
    const res = await asManager('PUT', `/api/admin/products/${ids.lamp}/sales-channels`, {
      included: false,
      gtin: '12ab',
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('GTIN must be 8, 12, 13 or 14 digits');
    expect((await asManager('GET', `/api/admin/products/${ids.lamp}/sales-channels`)).json().included).toBe(
      true,
    );
  });
});

describe('the Meta catalog feed', () => {
  it("has Meta's columns and one row per item", async () => {
    const res = await suite.ctx.app.inject({ url: '/feeds/meta.csv' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const rows = parseCsv(res.body, { columns: true }) as Array<Record<string, string>>;
    expect(Object.keys(rows[0]!)).toEqual([...META_COLUMNS]);
    expect(rows.map((r) => r.id).sort()).toEqual([ids.lamp, ...variantIds].sort());
    const lamp = rows.find((r) => r.id === ids.lamp)!;
    expect(lamp).toMatchObject({
      title: 'Desk Lamp <Deluxe> & "Friends"',
      availability: 'out of stock',
      price: '49.99 USD',
      sale_price: '39.99 USD',
      brand: 'Lumen & Co',
      condition: 'new',
    });
  });
});

describe('the Shop channel screen', () => {
  it('shows the feeds with their item counts and the products left out, with why', async () => {
    const res = await asManager('GET', '/api/admin/channels/shop');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.feeds.map((f: { url: string; items: number }) => [new URL(f.url).pathname, f.items])).toEqual(
      [
        ['/feeds/google.xml', 3],
        ['/feeds/google-reviews.xml', 0],
        ['/feeds/meta.csv', 3],
      ],
    );
    expect(body).toMatchObject({ products_listed: 2, products_total: 5 });
    const problems = Object.fromEntries(
      body.issues.map((i: { id: string; problems: string[] }) => [i.id, i.problems]),
    );
    expect(problems).toEqual({
      [ids.excluded]: ['excluded'],
      [ids.noImage]: ['no_image'],
      [ids.draft]: ['hidden'],
    });
  });

  it('includes and excludes products in bulk', async () => {
    const res = await asManager('POST', '/api/admin/channels/shop/products', {
      ids: [ids.lamp, ids.shirt],
      included: false,
    });
    expect(res.json()).toEqual({ updated: 2 });
    expect(await googleItems()).toEqual([]);
    await asManager('POST', '/api/admin/channels/shop/products', {
      ids: [ids.lamp, ids.shirt],
      included: true,
    });
    expect(await googleItems()).toHaveLength(3);
  });
});

describe("the Google feed's channel", () => {
  it('is titled with the shop name from Online Store, once staff rename the shop', async () => {
    const channelTitle = async () => {
      const res = await suite.ctx.app.inject({ url: '/feeds/google.xml' });
      return new XMLParser().parse(res.body).rss.channel.title as string;
    };
    expect(await channelTitle()).toBe(suite.ctx.config.shopName);
    const res = await asManager('PATCH', '/api/admin/online-store', { name: 'Blue Lake Goods' });
    expect(res.statusCode).toBe(200);
    expect(await channelTitle()).toBe('Blue Lake Goods');
  });
});

describe("Google's product ratings feed", () => {
  it('lists the published reviews of the products in the feeds, with rating, product ids and shown photos', async () => {
    const { db } = suite.ctx;
    const review = (productId: string, status: 'pending' | 'published' | 'hidden', email: string) => ({
      productId,
      email,
      authorName: 'Nora F.',
      rating: 4,
      title: 'Bright & "warm" <b>light</b>',
      body: 'Reads well.\u0007 Sturdy base.',
      verified: true,
      status,
      publishedAt: status === 'pending' ? null : new Date(),
    });
    const [shown] = await db
      .insert(productReviews)
      .values([
        review(ids.lamp, 'published', 'nora@example.com'),
        review(ids.lamp, 'pending', 'pending@example.com'),
        review(ids.lamp, 'hidden', 'hidden@example.com'),
        review(ids.draft, 'published', 'nora@example.com'),
        review(ids.excluded, 'published', 'nora@example.com'),
      ])
      .returning();
    await db.insert(productReviewPhotos).values([
      { reviewId: shown!.id, url: '/uploads/shelf.webp', width: 10, height: 10 },
      { reviewId: shown!.id, url: '/uploads/hidden.webp', width: 10, height: 10, hidden: true },
    ]);
    const [lamp] = await db.select().from(products).where(eq(products.id, ids.lamp));

    const res = await suite.ctx.app.inject({ url: '/feeds/google-reviews.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/xml');
    expect(XMLValidator.validate(res.body)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'review' }).parse(
      res.body,
    );
    expect(doc.feed.version).toBe(2.4);
    // The shop's name from Online Store, as the earlier test renamed it.
    expect(doc.feed.publisher.name).toBe('Blue Lake Goods');
    const publicUrl = suite.ctx.config.publicUrl;
    expect(doc.feed.reviews.review).toEqual([
      {
        review_id: shown!.id,
        reviewer: { name: 'Nora F.' },
        review_timestamp: shown!.publishedAt!.toISOString(),
        title: 'Bright & "warm" <b>light</b>',
        content: 'Reads well. Sturdy base.',
        review_url: { '@_type': 'group', '#text': `${publicUrl}/product/${lamp!.slug}` },
        reviewer_images: { reviewer_image: { url: `${publicUrl}/uploads/shelf.webp` } },
        ratings: { overall: { '@_min': '1', '@_max': '5', '#text': 4 } },
        products: {
          product: {
            product_ids: { skus: { sku: lamp!.sku }, brands: { brand: 'Lumen & Co' } },
            product_name: 'Desk Lamp <Deluxe> & "Friends"',
            product_url: `${publicUrl}/product/${lamp!.slug}`,
          },
        },
        is_spam: false,
      },
    ]);
    const channel = (await asManager('GET', '/api/admin/channels/shop')).json();
    expect(
      channel.feeds.find((f: { url: string }) => f.url.endsWith('/feeds/google-reviews.xml')).items,
    ).toBe(1);
  });
});
