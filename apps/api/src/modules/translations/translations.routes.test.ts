import type { Product, ProductList } from '@cartwheel/shared/contracts/catalog';
import type { StorefrontSearchResult } from '@cartwheel/shared/contracts/storefront-search';
import type { TranslationView } from '@cartwheel/shared/contracts/translations';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appPerFile } from '../../../test/commerce-app.ts';
import { createCategory, createOption, createProduct, createVariant } from '../../../test/factories.ts';
import { signUpAs, type TestUser } from '../../../test/sessions.ts';
import { queryRows } from '../../db/client.ts';
import { products } from '../catalog/catalog.schema.ts';
import { withShippingZones } from '../checkout/test-helpers.ts';

const suite = appPerFile();
let manager: TestUser;
let staff: TestUser;
let mug: { id: string; slug: string };
let category: { id: string };
let sizeOption: string;
let sizeValues: string[];
let smallVariant: string;

const get = async <T>(url: string, cookie?: string) => {
  const res = await suite.ctx.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  return { status: res.statusCode, body: res.json() as T };
};
const save = (
  cookie: string,
  items: Array<{ type: string; key: string; field: string; value: string }>,
  language = 'de',
) =>
  suite.ctx.app.inject({
    method: 'PUT',
    url: '/api/admin/translations',
    headers: { cookie },
    payload: { language, items },
  });

beforeAll(async () => {
  const { app, db } = suite.ctx;
  manager = await signUpAs(app, db, 'manager');
  staff = await signUpAs(app, db, 'staff');
  category = await createCategory(db, { name: 'Kitchen', slug: 'kitchen' });
  mug = await createProduct(
    db,
    {
      name: 'Enamel Mug',
      slug: 'enamel-mug',
      description: 'A sturdy mug.',
      seoTitle: 'Enamel mug for camping',
    },
    { categoryIds: [category.id] },
  );
  const { option, values } = await createOption(db, mug.id, 'size', ['Small', 'Large']);
  sizeOption = option.id;
  sizeValues = values.map((v) => v.id);
  smallVariant = (await createVariant(db, mug.id, [values[0]!.id])).id;
  const res = await save(manager.cookie, [
    { type: 'product', key: mug.id, field: 'name', value: 'Emaille-Kaffeebecher' },
    { type: 'product', key: mug.id, field: 'description', value: 'Ein robuster Becher.' },
    { type: 'option', key: sizeOption, field: 'name', value: 'Größe' },
    { type: 'option_value', key: sizeValues[0]!, field: 'label', value: 'Klein' },
    { type: 'category', key: category.id, field: 'name', value: 'Küche' },
  ]);
  expect(res.statusCode, res.body).toBe(200);
});

describe('storefront reads in the locale language', () => {
  it('reads a product in German, field by field falling back to English', async () => {
    const { status, body } = await get<Product>(`/api/products/${mug.slug}?locale=de`);
    expect(status).toBe(200);
    expect(body.name).toBe('Emaille-Kaffeebecher');
    expect(body.description).toBe('Ein robuster Becher.');
    // No German SEO title: the English one.
    expect(body.seo_title).toBe('Enamel mug for camping');
    expect(body.categories.map((c) => c.name)).toEqual(['Küche']);
    expect(body.options[0]?.display_name).toBe('Größe');
    expect(body.options[0]?.values.map((v) => v.label)).toEqual(['Klein', 'Large']);
    expect(body.variants[0]?.title).toBe('Klein');
    // The option's own name (what filters and variants match on) stays as written.
    expect(body.options[0]?.name).toBe('size');
  });

  it('keeps English at the default locale and for a locale with no translations', async () => {
    expect((await get<Product>(`/api/products/${mug.slug}`)).body.name).toBe('Enamel Mug');
    expect((await get<Product>(`/api/products/${mug.slug}?locale=fr`)).body.name).toBe('Enamel Mug');
  });

  it('lists cards, categories and the category tree in German', async () => {
    const list = await get<ProductList>('/api/products?locale=de');
    expect(list.body.items.find((p) => p.id === mug.id)?.name).toBe('Emaille-Kaffeebecher');
    const categories = await get<{ items: Array<{ name: string }> }>('/api/categories?locale=de');
    expect(categories.body.items.map((c) => c.name)).toContain('Küche');
    const tree = await get<{ items: Array<{ name: string }> }>('/api/category-tree?locale=de');
    expect(tree.body.items.map((c) => c.name)).toContain('Küche');
    const page = await get<{ category: { name: string } }>('/api/categories/kitchen?locale=de');
    expect(page.body.category.name).toBe('Küche');
  });

  it('finds the German name in a German search, with a typo too, and not in English', async () => {
    const exact = await get<StorefrontSearchResult>('/api/search?search=Kaffeebecher&locale=de');
    expect(exact.status).toBe(200);
    expect(exact.body.items.map((p) => p.name)).toEqual(['Emaille-Kaffeebecher']);
    // German stemming: the plural finds the singular.
    const plural = await get<StorefrontSearchResult>('/api/search?search=becher&locale=de');
    expect(plural.body.items.map((p) => p.id)).toContain(mug.id);
    const typo = await get<StorefrontSearchResult>('/api/search?search=Kaffebecher&locale=de');
    expect(typo.body.items.map((p) => p.id)).toContain(mug.id);
    // The facets still count the matches.
    expect(exact.body.facets.categories.map((c) => [c.name, c.count])).toEqual([['Küche', 1]]);
    const english = await get<StorefrontSearchResult>('/api/search?search=Kaffeebecher');
    expect(english.body.items).toEqual([]);
  });

  it('suggests the German names while the shopper types in German', async () => {
    type Suggestions = { products: Array<{ name: string }>; categories: Array<{ name: string }> };
    const german = await get<Suggestions>('/api/search/suggestions?q=kaffee&locale=de');
    expect(german.status).toBe(200);
    expect(german.body.products.map((p) => p.name)).toEqual(['Emaille-Kaffeebecher']);
    const category = await get<Suggestions>('/api/search/suggestions?q=k%C3%BCche&locale=de');
    expect(category.body.categories.map((c) => c.name)).toEqual(['Küche']);
    const english = await get<Suggestions>('/api/search/suggestions?q=enamel');
    expect(english.body.products.map((p) => p.name)).toEqual(['Enamel Mug']);
  });

  it('serves a changed translation at once: a translation change purges the read caches', async () => {
    expect((await get<Product>(`/api/products/${mug.slug}?locale=de`)).body.name).toBe(
      'Emaille-Kaffeebecher',
    );
    const res = await save(manager.cookie, [
      { type: 'product', key: mug.id, field: 'name', value: 'Emaillebecher' },
    ]);
    expect(res.statusCode).toBe(200);
    expect((await get<Product>(`/api/products/${mug.slug}?locale=de`)).body.name).toBe('Emaillebecher');
    expect(
      (await get<ProductList>('/api/products?locale=de')).body.items.find((p) => p.id === mug.id)?.name,
    ).toBe('Emaillebecher');
    await save(manager.cookie, [
      { type: 'product', key: mug.id, field: 'name', value: 'Emaille-Kaffeebecher' },
    ]);
  });

  it('translates the hero, the announcement and the footer page titles of the site answer', async () => {
    const { app } = suite.ctx;
    const page = await app.inject({
      method: 'POST',
      url: '/api/admin/content/pages',
      headers: { cookie: manager.cookie },
      payload: {
        title: 'Shipping',
        body: 'We ship fast.',
        published: true,
        seo_title: '',
        seo_description: '',
      },
    });
    expect(page.statusCode, page.body).toBe(201);
    const pageId = (page.json() as { id: string }).id;
    const res = await save(manager.cookie, [
      { type: 'site', key: 'home', field: 'hero_title', value: 'Alles, was Sie brauchen' },
      { type: 'page', key: pageId, field: 'title', value: 'Versand' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const site = await get<{ hero: { title: string; subtitle: string }; pages: Array<{ title: string }> }>(
      '/api/storefront/site?locale=de',
    );
    expect(site.body.hero.title).toBe('Alles, was Sie brauchen');
    expect(site.body.hero.subtitle).toContain('Discover');
    expect(site.body.pages.map((p) => p.title)).toContain('Versand');
    const english = await get<{ hero: { title: string } }>('/api/storefront/site');
    expect(english.body.hero.title).not.toBe('Alles, was Sie brauchen');
    const shown = await get<{ title: string; html: string }>(
      `/api/pages/${(page.json() as { slug: string }).slug}?locale=de`,
    );
    expect(shown.body.title).toBe('Versand');
    expect(shown.body.html).toContain('We ship fast.');
  });
});

describe('cart and checkout names', () => {
  it('names cart lines in the locale language and leaves English carts as they are', async () => {
    const { app, db } = suite.ctx;
    const shopper = await signUpAs(app, db, 'customer');
    const added = await app.inject({
      method: 'POST',
      url: '/api/cart/items',
      headers: { cookie: shopper.cookie },
      payload: { product_id: mug.id, variant_id: smallVariant, quantity: 1 },
    });
    expect(added.statusCode, added.body).toBeLessThan(300);
    type Cart = { items: Array<{ product_name: string; variant_title: string | null }> };
    const german = await get<Cart>('/api/cart?locale=de', shopper.cookie);
    expect(german.body.items.map((l) => [l.product_name, l.variant_title])).toEqual([
      ['Emaille-Kaffeebecher', 'Klein'],
    ]);
    const english = await get<Cart>('/api/cart', shopper.cookie);
    expect(english.body.items.map((l) => [l.product_name, l.variant_title])).toEqual([
      ['Enamel Mug', 'Small'],
    ]);
  });

  it('names the shipping methods of a German checkout quote, with their delivery estimates', async () => {
    const { app, db } = suite.ctx;
    await withShippingZones(app);
    const [method] = await queryRows<{ id: string; name: string }>(
      db,
      sql`SELECT m.id, m.name FROM shipping_methods m JOIN shipping_zones z ON z.id = m.zone_id
        WHERE z.name = 'Everywhere' LIMIT 1`,
    );
    const admin = await signUpAs(app, db, 'admin');
    const saved = await save(admin.cookie, [
      { type: 'shipping_method', key: method!.id, field: 'name', value: 'Standardversand' },
      { type: 'shipping_method', key: method!.id, field: 'delivery_estimate', value: '3–5 Werktage' },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    const quote = (locale?: string) =>
      app.inject({
        method: 'POST',
        url: `/api/checkout/quote${locale ? `?locale=${locale}` : ''}`,
        payload: { country: 'DE', lines: [{ product_id: mug.id, variant_id: smallVariant, quantity: 1 }] },
      });
    type Quote = { shipping_methods: Array<{ id: string; name: string; delivery_estimate: string | null }> };
    const german = (await quote('de')).json() as Quote;
    expect(german.shipping_methods.find((m) => m.id === method!.id)).toMatchObject({
      name: 'Standardversand',
      delivery_estimate: '3–5 Werktage',
    });
    const english = (await quote()).json() as Quote;
    expect(english.shipping_methods.find((m) => m.id === method!.id)?.name).toBe(method!.name);
  });
});

describe('the Translate view', () => {
  it('shows each original beside its translation and flags one whose original changed, still serving it', async () => {
    const url = `/api/admin/translations/product/${mug.id}?language=de`;
    const before = await get<TranslationView>(url, staff.cookie);
    expect(before.status).toBe(200);
    const fields = before.body.groups.flatMap((g) => g.fields);
    const name = fields.find((f) => f.type === 'product' && f.field === 'name');
    expect(name).toMatchObject({
      original: 'Enamel Mug',
      translation: 'Emaille-Kaffeebecher',
      outdated: false,
    });
    expect(fields.find((f) => f.field === 'seo_title')).toMatchObject({ translation: null, outdated: false });
    expect(before.body.groups.map((g) => g.type)).toEqual([
      'product',
      'option',
      'option_value',
      'option_value',
    ]);

    await suite.ctx.db.update(products).set({ name: 'Enamel Camp Mug' }).where(eq(products.id, mug.id));
    const after = await get<TranslationView>(url, staff.cookie);
    const changed = after.body.groups[0]!.fields.find((f) => f.field === 'name');
    expect(changed).toMatchObject({
      original: 'Enamel Camp Mug',
      translation: 'Emaille-Kaffeebecher',
      outdated: true,
    });
    expect(after.body.groups[0]!.fields.find((f) => f.field === 'description')?.outdated).toBe(false);
    expect((await get<Product>(`/api/products/${mug.slug}?locale=de`)).body.name).toBe(
      'Emaille-Kaffeebecher',
    );
    // Saving it again (re-translated from the new original) clears the flag.
    await save(manager.cookie, [
      { type: 'product', key: mug.id, field: 'name', value: 'Emaille-Campingbecher' },
    ]);
    const saved = await get<TranslationView>(url, staff.cookie);
    expect(saved.body.groups[0]!.fields.find((f) => f.field === 'name')?.outdated).toBe(false);
    await suite.ctx.db.update(products).set({ name: 'Enamel Mug' }).where(eq(products.id, mug.id));
    await save(manager.cookie, [
      { type: 'product', key: mug.id, field: 'name', value: 'Emaille-Kaffeebecher' },
    ]);
  });

  it('removes a translation saved empty: the field falls back to English', async () => {
    await save(manager.cookie, [{ type: 'product', key: mug.id, field: 'seo_title', value: 'Becher' }]);
    expect((await get<Product>(`/api/products/${mug.slug}?locale=de`)).body.seo_title).toBe('Becher');
    await save(manager.cookie, [{ type: 'product', key: mug.id, field: 'seo_title', value: '' }]);
    expect((await get<Product>(`/api/products/${mug.slug}?locale=de`)).body.seo_title).toBe(
      'Enamel mug for camping',
    );
  });

  it('refuses unknown keys, fields and English with a 400 listing the rows, and writes nothing', async () => {
    const count = async () =>
      (await queryRows<{ n: number }>(suite.ctx.db, sql`SELECT count(*)::int AS n FROM translations`))[0]!.n;
    const before = await count();
    const res = await save(manager.cookie, [
      { type: 'product', key: mug.id, field: 'seo_description', value: 'ok' },
      { type: 'product', key: mug.id, field: 'price', value: '1' },
      { type: 'category', key: '00000000-0000-4000-8000-000000000000', field: 'name', value: 'x' },
    ]);
    expect(res.statusCode).toBe(400);
    const error = (
      res.json() as { error: { code: string; details: Array<{ row: number; message: string }> } }
    ).error;
    expect(error.code).toBe('invalid_translations');
    expect(error.details.map((d) => d.row)).toEqual([2, 3]);
    expect(error.details[0]!.message).toContain('price');
    const english = await save(
      manager.cookie,
      [{ type: 'product', key: mug.id, field: 'name', value: 'x' }],
      'en',
    );
    expect(english.statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it('lets staff read but not translate; shipping methods need an admin; shoppers get nothing', async () => {
    const { app, db } = suite.ctx;
    const item = { type: 'product', key: mug.id, field: 'name', value: 'Nope' };
    expect((await save(staff.cookie, [item])).statusCode).toBe(403);
    expect((await get(`/api/admin/translations/product/${mug.id}`)).status).toBe(401);
    const customer = await signUpAs(app, db, 'customer');
    expect((await get(`/api/admin/translations/product/${mug.id}`, customer.cookie)).status).toBe(403);
    const [method] = await queryRows<{ id: string }>(
      db,
      sql`WITH z AS (INSERT INTO shipping_zones (name) VALUES ('Germany') RETURNING id)
        INSERT INTO shipping_methods (zone_id, name, kind) SELECT id, 'Standard', 'flat' FROM z RETURNING id`,
    );
    if (!method) throw new Error('no shipping method was made');
    const shipping = { type: 'shipping_method', key: method.id, field: 'name', value: 'Standardversand' };
    expect((await save(manager.cookie, [shipping])).statusCode).toBe(403);
    expect((await get(`/api/admin/translations/shipping_method/${method.id}`, manager.cookie)).status).toBe(
      403,
    );
    const admin = await signUpAs(app, db, 'admin');
    expect((await save(admin.cookie, [shipping])).statusCode).toBe(200);
  });
});
