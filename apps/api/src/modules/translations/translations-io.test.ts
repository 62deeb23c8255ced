import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCategory, createProduct } from '../../../test/factories.ts';
import { signUpAs } from '../../../test/sessions.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { queryRows } from '../../db/client.ts';
import type { Translator } from './translator.ts';

// A translator standing in for a language model: it answers every field, marked with the language.
const seen: Array<{ language: string; fields: Record<string, string> }> = [];
const fake: Translator = {
  async translate(input) {
    seen.push(input);
    return Object.fromEntries(
      Object.entries(input.fields).map(([id, text]) => [id, `[${input.language}] ${text}`]),
    );
  },
};

let offline: TestContext;
let faked: TestContext;
let cookie: string;
let fakedCookie: string;
let product: { id: string };
let category: { id: string };

beforeAll(async () => {
  offline = await createTestApp();
  faked = await createTestApp({}, { translator: fake });
  cookie = (await signUpAs(offline.app, offline.db, 'manager')).cookie;
  fakedCookie = (await signUpAs(faked.app, faked.db, 'manager')).cookie;
  category = await createCategory(offline.db, { name: 'Tents' });
  product = await createProduct(offline.db, { name: 'Tunnel Tent', description: '=2 people, "dry"' });
});
afterAll(async () => {
  await offline?.close();
  await faked?.close();
});

const exportCsv = async (query = '') => {
  const res = await offline.app.inject({
    method: 'GET',
    url: `/api/admin/translations/export${query}`,
    headers: { cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.body;
};
const importCsv = (body: string) =>
  offline.app.inject({
    method: 'POST',
    url: '/api/admin/translations/import',
    headers: { cookie, 'content-type': 'text/csv' },
    payload: body,
  });
const count = async (db = offline.db) =>
  (await queryRows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM translations`))[0]!.n;

describe('translations CSV', () => {
  it('exports every field with its original, imports the filled-in file, and exports it back the same', async () => {
    const blank = await exportCsv('?language=de');
    const lines = blank.trim().split('\n');
    expect(lines[0]).toBe('type,key,field,locale,original,translation');
    expect(lines).toContain(`product,${product.id},name,de,Tunnel Tent,`);
    // A cell a spreadsheet would run as a formula is guarded, and unguarded on import.
    expect(lines).toContain(`product,${product.id},description,de,"'=2 people, ""dry""",`);
    const filled = blank
      .replace(
        `product,${product.id},name,de,Tunnel Tent,`,
        `product,${product.id},name,de,Tunnel Tent,Tunnelzelt`,
      )
      .replace(
        `category,${category.id},name,de,Tents,`,
        `category,${category.id},name,de,Tents,"Zelte, groß"`,
      );
    const res = await importCsv(filled);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ written: 2 });
    expect(await exportCsv('?language=de')).toBe(filled);
    // Importing the same file again changes nothing.
    expect((await importCsv(filled)).statusCode).toBe(200);
    expect(await exportCsv('?language=de')).toBe(filled);
    const all = await exportCsv();
    expect(all).toContain(`product,${product.id},name,fr,Tunnel Tent,`);
  });

  it('flags a row imported against another original as outdated', async () => {
    const res = await importCsv(
      `type,key,field,locale,original,translation\nproduct,${product.id},name,fr,Tunnel Tent (old),Tente tunnel\n`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const view = await offline.app.inject({
      url: `/api/admin/translations/product/${product.id}?language=fr`,
      headers: { cookie },
    });
    const name = (
      view.json() as { groups: Array<{ fields: Array<{ field: string; outdated: boolean }> }> }
    ).groups[0]!.fields.find((f) => f.field === 'name');
    expect(name?.outdated).toBe(true);
  });

  it('refuses a file with unknown keys, fields or locales with a 400 listing the rows, writing nothing', async () => {
    const before = await count();
    const res = await importCsv(
      [
        'type,key,field,locale,original,translation',
        `product,${product.id},name,es,Tunnel Tent,Tienda túnel`,
        `product,${product.id},colour,es,,Rojo`,
        'product,no-such-product,name,es,,Nada',
        `product,${product.id},name,xx,,Nada`,
        `planet,${product.id},name,es,,Nada`,
      ].join('\n'),
    );
    expect(res.statusCode).toBe(400);
    const details = (res.json() as { error: { details: Array<{ row: number; message: string }> } }).error
      .details;
    expect(details.map((d) => d.row)).toEqual([3, 4, 5, 6]);
    expect(details.map((d) => d.message).join(' | ')).toMatch(/colour.*no-such-product.*xx.*planet/);
    expect(await count()).toBe(before);
    const noColumns = await importCsv('type,key\nproduct,x\n');
    expect(noColumns.statusCode).toBe(400);
    expect(noColumns.body).toContain('missing: field, locale, original, translation');
  });
});

describe('AI translate', () => {
  it('says the offline provider cannot translate (422) rather than invent a translation', async () => {
    const res = await offline.app.inject({
      method: 'POST',
      url: '/api/admin/translations/ai',
      headers: { cookie },
      payload: { language: 'de', type: 'product', key: product.id },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ error: { code: 'ai_cannot_translate' } });
    expect(res.body).toContain('cannot translate');
  });

  it("fills the view's fields from the provider's answer without saving them", async () => {
    const tent = await createProduct(faked.db, {
      name: 'Dome Tent',
      description: 'Sleeps two.',
      seoTitle: '',
    });
    const res = await faked.app.inject({
      method: 'POST',
      url: '/api/admin/translations/ai',
      headers: { cookie: fakedCookie },
      payload: { language: 'de', type: 'product', key: tent.id },
    });
    expect(res.statusCode, res.body).toBe(200);
    const items = (res.json() as { items: Array<{ field: string; value: string }> }).items;
    expect(items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'product', key: tent.id, field: 'name', value: '[de] Dome Tent' }),
        expect.objectContaining({ field: 'description', value: '[de] Sleeps two.' }),
      ]),
    );
    // Empty originals are not sent.
    expect(Object.values(seen.at(-1)!.fields)).not.toContain('');
    expect(await count(faked.db)).toBe(0);
  });
});
