import type { StorefrontSite } from '@cartwheel/shared/contracts/content';
import type { MenusInput, MenusRead } from '@cartwheel/shared/contracts/menus';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appWithAdminPerFile } from '../../../test/commerce-app.ts';
import { createCategory, createProduct } from '../../../test/factories.ts';
import { okJson, sendAs } from '../../../test/requests.ts';
import { signUpAs, type TestUser } from '../../../test/sessions.ts';
import { auditLog } from '../audit/audit.schema.ts';
import { products } from '../catalog/catalog.schema.ts';

const suite = appWithAdminPerFile();
let manager: TestUser;
let staff: TestUser;
beforeAll(async () => {
  manager = await signUpAs(suite.ctx.app, suite.ctx.db, 'manager');
  staff = await signUpAs(suite.ctx.app, suite.ctx.db, 'staff');
});

const site = async (locale?: string) =>
  okJson<StorefrontSite>(
    await suite.ctx.app.inject({ url: `/api/storefront/site${locale ? `?locale=${locale}` : ''}` }),
  );
const menus = async (cookie = manager.cookie) =>
  okJson<MenusRead>(await sendAs(suite.ctx.app, cookie, 'GET', '/api/admin/menus'));
const putMenus = (body: unknown, cookie = manager.cookie) =>
  sendAs(suite.ctx.app, cookie, 'PUT', '/api/admin/menus', body);
const newPage = async (title: string, published: boolean) => {
  const res = await sendAs(suite.ctx.app, manager.cookie, 'POST', '/api/admin/content/pages', {
    title,
    body: 'Text',
    seo_title: '',
    seo_description: '',
    published,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; slug: string };
};
const stored = (read: MenusRead): MenusInput => ({
  header: read.header.map(({ type, target, label }) => ({ type, target, label })),
  footer: read.footer.map(({ type, target, label }) => ({ type, target, label })),
});

describe('the header and footer menus', () => {
  it('start as the links the storefront always had: home, products, categories; every page, gift cards', async () => {
    const about = await newPage('About us', true);
    await newPage('Secret plans', false);
    const read = await menus(staff.cookie);
    expect(read.saved).toBe(false);
    expect(read.header.map((i) => i.target)).toEqual(['home', 'catalog', 'categories']);
    expect(read.footer.map((i) => i.target)).toEqual(['pages', 'gift_cards']);
    const served = await site();
    expect(served.menus.header).toEqual([
      { label: '', to: '/', shop: 'home' },
      { label: '', to: '/products', shop: 'catalog' },
      { label: '', to: '/products', shop: 'categories' },
    ]);
    // The draft page is not listed.
    expect(served.menus.footer).toEqual([
      { label: 'About us', to: `/pages/${about.slug}`, shop: null },
      { label: '', to: '/gift-cards', shop: 'gift_cards' },
    ]);
  });

  it('keeps the order given, serves it at once, and leaves out what shoppers cannot open', async () => {
    const draft = await newPage('Coming soon', false);
    const shipping = await newPage('Shipping', true);
    const category = await createCategory(suite.ctx.db, { name: 'Outdoor', slug: 'outdoor' });
    const product = await createProduct(suite.ctx.db, { name: 'Tent', slug: 'tent' });
    const hidden = await createProduct(suite.ctx.db, {
      name: 'Prototype',
      slug: 'prototype',
      isVisible: false,
    });
    await site(); // primes the cache: the save must empty it
    const body: MenusInput = {
      header: [
        { type: 'category', target: category.id, label: '' },
        { type: 'shop', target: 'home', label: 'Start' },
        { type: 'product', target: product.id, label: 'Our tent' },
      ],
      footer: [
        { type: 'link', target: 'https://blog.example/news', label: 'Blog' },
        { type: 'page', target: draft.id, label: '' },
        { type: 'page', target: shipping.id, label: '' },
        { type: 'product', target: hidden.id, label: '' },
        { type: 'shop', target: 'pages', label: '' },
      ],
    };
    const saved = okJson<MenusRead>(await putMenus(body));
    expect(saved.saved).toBe(true);
    expect(stored(saved)).toEqual(body);
    expect(saved.footer.map((i) => i.state)).toEqual(['live', 'draft', 'live', 'hidden', 'live']);
    expect(saved.footer[1]).toMatchObject({ title: 'Coming soon', href: `/pages/${draft.slug}` });

    const served = await site();
    expect(served.menus.header).toEqual([
      { label: 'Outdoor', to: '/categories/outdoor', shop: null },
      { label: 'Start', to: '/', shop: 'home' },
      { label: 'Our tent', to: '/product/tent', shop: null },
    ]);
    // "Every published page" leaves out the one the menu already links to by name.
    expect(served.menus.footer.map((l) => l.label)).toEqual(['Blog', 'Shipping', 'About us']);

    // Reordered: the new order is what both the back office and the storefront read.
    const reordered = { ...body, header: [body.header[2]!, body.header[0]!, body.header[1]!] };
    expect(stored(okJson<MenusRead>(await putMenus(reordered)))).toEqual(reordered);
    expect((await site()).menus.header.map((l) => l.label)).toEqual(['Our tent', 'Outdoor', 'Start']);
  });

  it('follows a product hidden after the menus were saved', async () => {
    const product = await createProduct(suite.ctx.db, { name: 'Lantern', slug: 'lantern' });
    await putMenus({ header: [{ type: 'product', target: product.id, label: '' }], footer: [] });
    expect((await site()).menus.header).toEqual([{ label: 'Lantern', to: '/product/lantern', shop: null }]);
    await suite.ctx.db.update(products).set({ isVisible: false }).where(eq(products.id, product.id));
    suite.ctx.app.catalogCache.clear();
    expect((await site()).menus.header).toEqual([]);
    expect((await menus()).header[0]?.state).toBe('hidden');
  });

  it('records who changed the menus in the audit log', async () => {
    const before = await menus();
    const body = { ...stored(before), footer: [{ type: 'shop', target: 'gift_cards', label: 'Gift cards' }] };
    expect((await putMenus(body)).statusCode).toBe(200);
    const rows = await suite.ctx.db.select().from(auditLog).where(eq(auditLog.action, 'menus.updated'));
    const last = rows.sort((a, b) => a.at.getTime() - b.at.getTime()).at(-1)!;
    expect(last.actorEmail).toBe(manager.email);
    expect(Object.keys(last.changes as object)).toEqual(['footer']);
  });

  it.each([
    ['a javascript: link', { type: 'link', target: 'javascript:alert(1)', label: 'x' }, 'footer.0.target'],
    ['a protocol-relative link', { type: 'link', target: '//evil.example', label: 'x' }, 'footer.0.target'],
    ['a custom link without a label', { type: 'link', target: '/products', label: '' }, 'footer.0.label'],
    ['a page that is not an id', { type: 'page', target: 'about-us', label: '' }, 'footer.0.target'],
    [
      'a page that does not exist',
      { type: 'page', target: '00000000-0000-4000-8000-000000000000', label: '' },
      'footer.0.target',
    ],
    [
      'a category that does not exist',
      { type: 'category', target: '00000000-0000-4000-8000-000000000000', label: '' },
      'footer.0.target',
    ],
    ['an unknown place of the shop', { type: 'shop', target: 'admin', label: '' }, 'footer.0.target'],
    ['the category menu in the footer', { type: 'shop', target: 'categories', label: '' }, 'footer.0.target'],
    ['an unknown kind of item', { type: 'brand', target: 'x', label: '' }, 'footer.0.type'],
    ['a label over 60 characters', { type: 'shop', target: 'home', label: 'x'.repeat(61) }, 'footer.0.label'],
  ])('refuses %s with a 400 naming the field, and writes nothing', async (_name, item, field) => {
    const before = await menus();
    const served = await site();
    const res = await putMenus({ header: [], footer: [item] });
    expect(res.statusCode).toBe(400);
    const details = res.json().error.details as { field: string }[];
    expect(details.map((d) => d.field)).toContain(`body.${field}`);
    expect(await menus()).toEqual(before);
    expect(await site()).toEqual(served);
  });

  it('refuses more than 30 items in a menu', async () => {
    const res = await putMenus({
      header: Array.from({ length: 31 }, () => ({ type: 'shop', target: 'home', label: '' })),
      footer: [],
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('at most 30 items');
  });

  it('lets staff read the menus but not change them, and strangers neither', async () => {
    expect((await sendAs(suite.ctx.app, staff.cookie, 'GET', '/api/admin/menus')).statusCode).toBe(200);
    expect((await putMenus({ header: [], footer: [] }, staff.cookie)).statusCode).toBe(403);
    expect((await suite.ctx.app.inject({ url: '/api/admin/menus' })).statusCode).toBe(401);
  });
});
