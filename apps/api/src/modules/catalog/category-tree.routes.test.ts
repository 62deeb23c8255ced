import { type AdminCategory, categoryPage, categoryTree } from '@cartwheel/shared/contracts/category-tree';
import { storefrontSearchResult } from '@cartwheel/shared/contracts/storefront-search';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appWithAdminPerFile } from '../../../test/commerce-app.ts';
import { createCategory, createProduct } from '../../../test/factories.ts';
import { signUpAs } from '../../../test/sessions.ts';
import { categories } from './catalog.schema.ts';

const suite = appWithAdminPerFile();
const ids: Record<string, string> = {};

async function get(url: string) {
  return suite.ctx.app.inject({ method: 'GET', url });
}
async function admin(method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object, cookie?: string) {
  return suite.ctx.app.inject({
    method,
    url,
    headers: { cookie: cookie ?? suite.admin.cookie },
    ...(payload ? { payload } : {}),
  });
}
async function search(query: string) {
  const res = await get(`/api/search?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return storefrontSearchResult.parse(res.json());
}
const names = (items: Array<{ name: string }>) => items.map((i) => i.name).sort();

// Apparel > (Tops > Tees, Hats); Garden (hidden) > Tools; Kitchen.
beforeAll(async () => {
  const { db } = suite.ctx;
  const make = async (
    key: string,
    parent?: string,
    extra: { sortOrder?: number; isVisible?: boolean } = {},
  ) => {
    const row = await createCategory(db, {
      name: key[0]!.toUpperCase() + key.slice(1),
      slug: key,
      ...(parent ? { parentId: ids[parent] } : {}),
      ...extra,
    });
    ids[key] = row.id;
  };
  await make('apparel', undefined, { sortOrder: 1 });
  await make('kitchen', undefined, { sortOrder: 2 });
  await make('garden', undefined, { sortOrder: 3, isVisible: false });
  await make('tops', 'apparel', { sortOrder: 1 });
  await make('hats', 'apparel', { sortOrder: 2 });
  await make('tees', 'tops');
  await make('tools', 'garden');
  await createProduct(db, { name: 'Plain Tee', sku: 'TEE-1' }, { categoryIds: [ids.tees!] });
  await createProduct(db, { name: 'Both Tee', sku: 'TEE-2' }, { categoryIds: [ids.tees!, ids.tops!] });
  await createProduct(db, { name: 'Sun Hat', sku: 'HAT-1' }, { categoryIds: [ids.hats!] });
  await createProduct(db, { name: 'Jacket', sku: 'JKT-1' }, { categoryIds: [ids.apparel!] });
  await createProduct(db, { name: 'Mug', sku: 'MUG-1' }, { categoryIds: [ids.kitchen!] });
  await createProduct(db, { name: 'Trowel', sku: 'TRW-1' }, { categoryIds: [ids.tools!] });
});

describe('storefront category tree', () => {
  it('lists the visible categories as a tree in order, leaving out a hidden parent and its subtree', async () => {
    const res = await get('/api/category-tree');
    expect(res.statusCode, res.body).toBe(200);
    const tree = categoryTree.parse(res.json());
    const shape = (nodes: typeof tree.items): unknown =>
      nodes.map((n) => (n.children.length ? [n.slug, shape(n.children)] : n.slug));
    expect(shape(tree.items)).toEqual([['apparel', [['tops', ['tees']], 'hats']], 'kitchen']);
  });

  it('answers a category page with its breadcrumb and children, and 404 for a hidden subtree or unknown slug', async () => {
    const res = await get('/api/categories/tees');
    expect(res.statusCode, res.body).toBe(200);
    const page = categoryPage.parse(res.json());
    expect(page.breadcrumb.map((c) => c.slug)).toEqual(['apparel', 'tops']);
    expect(page.category.name).toBe('Tees');
    const apparel = categoryPage.parse((await get('/api/categories/apparel')).json());
    expect(apparel.breadcrumb).toEqual([]);
    expect(apparel.children.map((c) => c.slug)).toEqual(['tops', 'hats']);
    expect((await get('/api/categories/tools')).statusCode).toBe(404);
    expect((await get('/api/categories/no-such-thing')).json().error.code).toBe('category_not_found');
  });

  it("lists a sub-category's products in its parents' listings, and counts each product once per facet", async () => {
    expect(names((await search('category=apparel')).items)).toEqual([
      'Both Tee',
      'Jacket',
      'Plain Tee',
      'Sun Hat',
    ]);
    expect(names((await search('category=tops')).items)).toEqual(['Both Tee', 'Plain Tee']);
    expect((await search('category=tools')).items).toEqual([]);
    const facets = (await search('search=tee')).facets.categories;
    expect(facets.map((f) => [f.slug, f.count])).toEqual([
      ['apparel', 2],
      ['tops', 2],
      ['tees', 2],
    ]);
  });

  it('lists the same products in GET /api/products?category=, each once, with their exact total', async () => {
    const list = async (query: string) => {
      const res = await get(`/api/products?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as { items: Array<{ name: string }>; total: number };
    };
    const apparel = await list('category=apparel');
    expect(names(apparel.items)).toEqual(['Both Tee', 'Jacket', 'Plain Tee', 'Sun Hat']);
    expect(apparel.total).toBe(4);
    // "Both Tee" is in Tops and in Tees: counted once in Tops, whose kept count is per category.
    const tops = await list('category=tops&limit=1');
    expect(tops.items).toHaveLength(1);
    expect(tops.total).toBe(2);
    const tees = await list('category=tees');
    expect([names(tees.items), tees.total]).toEqual([['Both Tee', 'Plain Tee'], 2]);
    expect(await list('category=tools')).toMatchObject({ items: [], total: 0 });
    expect(await list('category=no-such-thing')).toMatchObject({ items: [], total: 0 });
    const searched = await list('category=apparel&search=tee');
    expect([names(searched.items), searched.total]).toEqual([['Both Tee', 'Plain Tee'], 2]);
  });
});

describe('back-office category tree', () => {
  const list = () =>
    suite.ctx.app.inject({
      method: 'GET',
      url: '/api/admin/categories',
      headers: { cookie: suite.admin.cookie },
    });

  it('refuses to move a category under itself or its descendant with a 400 and writes nothing', async () => {
    for (const parent of ['apparel', 'tops', 'tees']) {
      const res = await admin('PATCH', `/api/admin/categories/${ids.apparel}`, { parent_id: ids[parent] });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.code).toBe('category_cycle');
    }
    const [row] = await suite.ctx.db.select().from(categories).where(eq(categories.id, ids.apparel!));
    expect(row!.parentId).toBeNull();
  });

  it('refuses a cycle in the database too, whoever writes it', async () => {
    await expect(
      suite.ctx.db.execute(sql`UPDATE categories SET parent_id = ${ids.tees} WHERE id = ${ids.apparel}`),
    ).rejects.toThrow();
  });

  it('moves a category up among its siblings and under a new parent, and the storefront tree follows', async () => {
    let res = await admin('POST', `/api/admin/categories/${ids.hats}/move`, { direction: 'up' });
    expect(res.statusCode, res.body).toBe(200);
    let tree = categoryTree.parse((await get('/api/category-tree')).json());
    expect(tree.items[0]!.children.map((c) => c.slug)).toEqual(['hats', 'tops']);
    res = await admin('PATCH', `/api/admin/categories/${ids.hats}`, { parent_id: ids.kitchen });
    expect(res.statusCode, res.body).toBe(200);
    const moved = (res.json().items as AdminCategory[]).find((c) => c.slug === 'hats')!;
    expect([moved.parent_id, moved.depth]).toEqual([ids.kitchen, 1]);
    tree = categoryTree.parse((await get('/api/category-tree')).json());
    expect(tree.items[1]!.children.map((c) => c.slug)).toEqual(['hats']);
    expect(names((await search('category=kitchen')).items)).toEqual(['Mug', 'Sun Hat']);
    res = await admin('PATCH', `/api/admin/categories/${ids.hats}`, { parent_id: ids.apparel });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('hides and shows a subtree with the visibility switch', async () => {
    expect(
      (await admin('PATCH', `/api/admin/categories/${ids.tops}`, { is_visible: false })).statusCode,
    ).toBe(200);
    expect((await get('/api/categories/tees')).statusCode).toBe(404);
    expect(names((await search('category=apparel')).items)).toEqual(['Jacket', 'Sun Hat']);
    expect((await admin('PATCH', `/api/admin/categories/${ids.tops}`, { is_visible: true })).statusCode).toBe(
      200,
    );
    expect((await get('/api/categories/tees')).statusCode).toBe(200);
  });

  it('creates a category last under its parent, and deleting one moves its children up', async () => {
    let res = await admin('POST', '/api/admin/categories', { name: 'Caps & Beanies', parent_id: ids.tops });
    expect(res.statusCode, res.body).toBe(201);
    const caps = (res.json().items as AdminCategory[]).find((c) => c.slug === 'caps-and-beanies')!;
    expect([caps.parent_id, caps.depth]).toEqual([ids.tops, 2]);
    res = await admin('DELETE', `/api/admin/categories/${ids.tops}`);
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json().items as AdminCategory[];
    const under = items.filter((c) => c.parent_id === ids.apparel).map((c) => c.slug);
    expect(under).toEqual(['hats', 'tees', 'caps-and-beanies']);
    // The products stay in the catalog; Both Tee is still in Tees, so still under Apparel.
    expect(names((await search('category=apparel')).items)).toEqual([
      'Both Tee',
      'Jacket',
      'Plain Tee',
      'Sun Hat',
    ]);
  });

  it('answers bad input with a 4xx and a clear message, writing nothing', async () => {
    const before = (await list()).json().items.length;
    const cases: Array<[string, string, object | undefined, number, string]> = [
      ['POST', '/api/admin/categories', { name: '' }, 400, 'invalid_request'],
      ['POST', '/api/admin/categories', { name: 'X', slug: 'Not A Slug' }, 400, 'invalid_request'],
      ['POST', '/api/admin/categories', { name: 'Apparel' }, 409, 'category_slug_taken'],
      [
        'POST',
        '/api/admin/categories',
        { name: 'X', parent_id: crypto.randomUUID() },
        400,
        'parent_not_found',
      ],
      ['PATCH', `/api/admin/categories/${ids.kitchen}`, {}, 400, 'invalid_request'],
      ['PATCH', `/api/admin/categories/${crypto.randomUUID()}`, { name: 'Y' }, 404, 'category_not_found'],
      ['POST', `/api/admin/categories/${ids.kitchen}/move`, { direction: 'left' }, 400, 'invalid_request'],
      ['DELETE', '/api/admin/categories/not-an-id', undefined, 400, 'invalid_request'],
    ];
    for (const [method, url, payload, status, code] of cases) {
      const res = await admin(method as 'POST', url, payload);
      expect([res.statusCode, res.json().error.code], `${method} ${url}`).toEqual([status, code]);
    }
    expect((await list()).json().items.length).toBe(before);
  });

  it('lets staff read the tree but not change it', async () => {
    const staff = await signUpAs(suite.ctx.app, suite.ctx.db, 'staff');
    const read = await suite.ctx.app.inject({
      method: 'GET',
      url: '/api/admin/categories',
      headers: { cookie: staff.cookie },
    });
    expect(read.statusCode).toBe(200);
    const res = await admin('POST', '/api/admin/categories', { name: 'Staff Made' }, staff.cookie);
    expect(res.statusCode).toBe(403);
  });
});
