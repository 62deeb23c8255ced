import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appWithAdminPerFile } from '../../../test/commerce-app.ts';
import { createCategory, createProduct } from '../../../test/factories.ts';
import { type Method, sendAs } from '../../../test/requests.ts';
import { signUpAs } from '../../../test/sessions.ts';
import { queryRows } from '../../db/client.ts';
import { demoDiscounts } from './demo-discounts.ts';
import { discounts } from './discounts.schema.ts';

const suite = appWithAdminPerFile();

const call = (method: Method, url: string, payload?: unknown, cookie = suite.admin.cookie) =>
  sendAs(suite.ctx.app, cookie, method, url, payload);

const DAY = 24 * 60 * 60 * 1000;
const iso = (days: number) => new Date(Date.now() + days * DAY).toISOString();

async function create(body: object) {
  const res = await call('POST', '/api/admin/discounts', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

const count = async () =>
  (await queryRows<{ n: number }>(suite.ctx.db, sql`SELECT count(*)::int AS n FROM discounts`))[0]!.n;

describe('/api/admin/discounts', () => {
  it('creates a code (kept upper case), reads it back, lists it with its status and uses', async () => {
    const made = await create({ title: 'Ten off', code: ' ten-off ', kind: 'percentage', percent_bps: 1000 });
    expect(made).toMatchObject({
      code: 'TEN-OFF',
      kind: 'percentage',
      target: 'order',
      percent_bps: 1000,
      amount_cents: null,
      status: 'active',
      times_used: 0,
      times_held: 0,
      amount_given: 0,
    });
    expect((await call('GET', `/api/admin/discounts/${made.id}`)).json()).toEqual(made);
    const list = (await call('GET', '/api/admin/discounts?q=ten')).json().items;
    expect(list.map((d: { id: string }) => d.id)).toContain(made.id);
  });

  it('keeps only the fields the kind uses', async () => {
    const made = await create({
      title: 'Free shipping leftovers',
      kind: 'free_shipping',
      percent_bps: 500,
      amount_cents: 300,
      buy_quantity: 2,
      target: 'products',
    });
    expect(made).toMatchObject({
      code: null,
      percent_bps: null,
      amount_cents: null,
      buy_quantity: null,
      target: 'order',
    });
  });

  it('answers every missing or wrong field with its own message, and writes nothing', async () => {
    const before = await count();
    const res = await call('POST', '/api/admin/discounts', {
      title: '',
      code: 'no spaces!',
      kind: 'percentage',
      percent_bps: null,
      starts_at: iso(2),
      ends_at: iso(1),
    });
    expect(res.statusCode).toBe(400);
    const fields = Object.fromEntries(
      res.json().error.details.map((d: { field: string; message: string }) => [d.field, d.message]),
    );
    expect(fields).toMatchObject({
      'body.title': 'Title is required',
      'body.code': 'Code must be 2 to 40 letters, digits, - or _',
    });
    const kindFields = await call('POST', '/api/admin/discounts', {
      title: 'x',
      kind: 'buy_x_get_y',
      starts_at: iso(2),
      ends_at: iso(1),
    });
    expect(kindFields.statusCode).toBe(400);
    expect(kindFields.json().error.details).toEqual(
      expect.arrayContaining([
        { field: 'body.buy_quantity', message: 'Buy quantity is required' },
        { field: 'body.get_quantity', message: 'Get quantity is required' },
        { field: 'body.ends_at', message: 'End must be after the start' },
      ]),
    );
    expect(await count()).toBe(before);
  });

  it('refuses a code another discount has, in any case, on create and on update (409 on the code field)', async () => {
    const first = await create({ title: 'Dup', code: 'DUPE', kind: 'free_shipping' });
    const again = await call('POST', '/api/admin/discounts', {
      title: 'Dup 2',
      code: 'dupe',
      kind: 'free_shipping',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.details).toEqual([
      { field: 'body.code', message: 'Another discount already uses this code' },
    ]);
    const other = await create({ title: 'Other', code: 'OTHER', kind: 'free_shipping' });
    const rename = await call('PUT', `/api/admin/discounts/${other.id}`, {
      title: 'Other',
      code: 'Dupe',
      kind: 'free_shipping',
    });
    expect(rename.statusCode).toBe(409);
    // Saving a discount with its own code is not a clash.
    const same = await call('PUT', `/api/admin/discounts/${first.id}`, {
      title: 'Dup renamed',
      code: 'dupe',
      kind: 'free_shipping',
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json()).toMatchObject({ title: 'Dup renamed', code: 'DUPE' });
  });

  it('refuses products and categories that do not exist (422 on the field), accepts real ones', async () => {
    const product = await createProduct(suite.ctx.db, { price: 1000 });
    const category = await createCategory(suite.ctx.db);
    const missing = '00000000-0000-4000-8000-000000000000';
    const bad = await call('POST', '/api/admin/discounts', {
      title: 'Bad refs',
      kind: 'percentage',
      percent_bps: 500,
      target: 'products',
      product_ids: [product.id, missing],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().error.details).toEqual([
      { field: 'body.product_ids', message: `Product ${missing} doesn't exist` },
    ]);
    const good = await create({
      title: 'Good refs',
      kind: 'percentage',
      percent_bps: 500,
      target: 'products',
      product_ids: [product.id],
      category_ids: [category.id],
    });
    expect(good).toMatchObject({ product_ids: [product.id], category_ids: [category.id] });
  });

  it('shows each status and filters by it', async () => {
    const scheduled = await create({
      title: 'Later',
      code: 'LATER',
      kind: 'free_shipping',
      starts_at: iso(3),
    });
    const expired = await create({
      title: 'Gone',
      code: 'GONE',
      kind: 'free_shipping',
      starts_at: iso(-3),
      ends_at: iso(-1),
    });
    const disabled = await create({ title: 'Off', code: 'OFF', kind: 'free_shipping', is_active: false });
    const usedUp = await create({ title: 'Used', code: 'USED', kind: 'free_shipping', usage_limit: 1 });
    await suite.ctx.db.execute(sql`UPDATE discounts SET times_used = 1 WHERE id = ${usedUp.id}`);
    const statuses = async (status: string) =>
      (await call('GET', `/api/admin/discounts?status=${status}`))
        .json()
        .items.map((d: { id: string }) => d.id);
    expect(await statuses('scheduled')).toContain(scheduled.id);
    expect(await statuses('expired')).toEqual([expired.id]);
    expect(await statuses('disabled')).toEqual([disabled.id]);
    expect(await statuses('used_up')).toEqual([usedUp.id]);
    expect(await statuses('active')).not.toContain(usedUp.id);
    expect((await call('GET', '/api/admin/discounts?status=nope')).statusCode).toBe(400);
  });

  it('deletes a discount; a second delete and unknown ids are 404', async () => {
    const made = await create({ title: 'Bye', code: 'BYE', kind: 'free_shipping' });
    expect((await call('DELETE', `/api/admin/discounts/${made.id}`)).json()).toEqual({ deleted: true });
    expect((await call('DELETE', `/api/admin/discounts/${made.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/api/admin/discounts/${made.id}`)).statusCode).toBe(404);
    expect((await call('GET', '/api/admin/discounts/not-a-uuid')).statusCode).toBe(400);
  });

  it('is for managers and admins: staff and shoppers are refused', async () => {
    const staff = await signUpAs(suite.ctx.app, suite.ctx.db, 'staff');
    const manager = await signUpAs(suite.ctx.app, suite.ctx.db, 'manager');
    expect((await call('GET', '/api/admin/discounts', undefined, staff.cookie)).statusCode).toBe(403);
    const byManager = await call(
      'POST',
      '/api/admin/discounts',
      { title: 'Manager made', code: 'MGR', kind: 'free_shipping' },
      manager.cookie,
    );
    expect(byManager.statusCode, byManager.body).toBe(201);
  });

  it("the demo shop's codes are valid rows: one of each kind and one that has ended", async () => {
    const now = new Date();
    const rows = await suite.ctx.db
      .insert(discounts)
      .values(demoDiscounts(now).map((d) => ({ ...d, code: `DEMO-${d.code}` })))
      .returning();
    const listed = (await call('GET', '/api/admin/discounts?q=DEMO-')).json().items;
    const byCode = Object.fromEntries(
      listed.map((d: { code: string; status: string }) => [d.code, d.status]),
    );
    expect(rows).toHaveLength(4);
    expect(byCode).toEqual({
      'DEMO-WELCOME10': 'active',
      'DEMO-SAVE15': 'active',
      'DEMO-FREESHIP': 'active',
      'DEMO-SPRING25': 'expired',
    });
  });
});
