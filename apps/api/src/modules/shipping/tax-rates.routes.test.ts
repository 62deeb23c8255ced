import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appWithAdminPerFile } from '../../../test/commerce-app.ts';
import { type Method, sendAs } from '../../../test/requests.ts';
import { signUpAs } from '../../../test/sessions.ts';

const suite = appWithAdminPerFile();

const call = (method: Method, url: string, payload?: unknown, cookie = suite.admin.cookie) =>
  sendAs(suite.ctx.app, cookie, method, url, payload);

const rateRows = async () =>
  (await suite.ctx.db.execute(sql`SELECT country, state, name, rate_bps::float8 AS rate FROM tax_rates
    ORDER BY country, state, position`)) as unknown as { rows?: unknown[] } & unknown[];

describe('taxes by place (admin)', () => {
  it("sets a province's two taxes, lists them by place, and clears them", async () => {
    await suite.ctx.db.execute(sql`DELETE FROM tax_rates`);
    const res = await call('PUT', '/api/admin/shipping/taxes/ca-bc', {
      rates: [
        { name: 'GST', rate_bps: 500, taxes_shipping: true },
        { name: 'PST', rate_bps: 700 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      place: 'CA-BC',
      country: 'CA',
      state: 'BC',
      name: 'British Columbia, Canada',
      rates: [
        { name: 'GST', rate_bps: 500, taxes_shipping: true },
        { name: 'PST', rate_bps: 700, taxes_shipping: false },
      ],
    });
    const qc = await call('PUT', '/api/admin/shipping/taxes/CA-QC', {
      rates: [{ name: 'QST', rate_bps: 997.5, taxes_shipping: true }],
    });
    expect(qc.json().rates).toEqual([{ name: 'QST', rate_bps: 997.5, taxes_shipping: true }]);
    const list = (await call('GET', '/api/admin/shipping/taxes')).json().items;
    expect(list.map((p: { place: string }) => p.place)).toEqual(['CA-BC', 'CA-QC']);

    const cleared = await call('PUT', '/api/admin/shipping/taxes/CA-BC', { rates: [] });
    expect(cleared.json()).toMatchObject({ place: 'CA-BC', rates: [] });
    expect((await call('GET', '/api/admin/shipping/taxes')).json().items).toHaveLength(1);
  });

  it.each([
    { place: 'XX', body: { rates: [] }, field: 'params.place' },
    { place: 'US-ZZ', body: { rates: [] }, field: 'params.place' },
    { place: 'DE', body: { rates: [{ name: 'VAT', rate_bps: 10_001 }] }, field: 'body.rates.0.rate_bps' },
    { place: 'DE', body: { rates: [{ name: 'VAT', rate_bps: 19.0001 }] }, field: 'body.rates.0.rate_bps' },
    {
      place: 'DE',
      body: {
        rates: [
          { name: 'VAT', rate_bps: 1900 },
          { name: 'vat', rate_bps: 700 },
        ],
      },
      field: 'body.rates.1.name',
    },
  ])('refuses $place $body with a 400 on $field and writes nothing', async ({ place, body, field }) => {
    await suite.ctx.db.execute(sql`DELETE FROM tax_rates`);
    const res = await call('PUT', `/api/admin/shipping/taxes/${place}`, body);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.details).toEqual([expect.objectContaining({ field })]);
    const rows = await rateRows();
    expect(rows.rows ?? rows).toEqual([]);
  });

  it("adds the standard rates to the places without taxes, keeping an admin's own", async () => {
    await suite.ctx.db.execute(sql`DELETE FROM tax_rates`);
    await call('PUT', '/api/admin/shipping/taxes/US-CA', { rates: [{ name: 'Our CA tax', rate_bps: 800 }] });
    const res = await call('POST', '/api/admin/shipping/taxes/standard');
    expect(res.statusCode, res.body).toBe(200);
    const places = res.json().items as { place: string; rates: { name: string; rate_bps: number }[] }[];
    expect(places.find((p) => p.place === 'US-CA')?.rates).toEqual([
      expect.objectContaining({ name: 'Our CA tax', rate_bps: 800 }),
    ]);
    expect(places.find((p) => p.place === 'US-OR')?.rates).toEqual([
      expect.objectContaining({ name: 'OR State Tax', rate_bps: 0 }),
    ]);
    expect(places.find((p) => p.place === 'DE')?.rates).toEqual([
      expect.objectContaining({ name: 'VAT', rate_bps: 1900 }),
    ]);
    // Again: nothing more.
    expect((await call('POST', '/api/admin/shipping/taxes/standard')).json().items).toHaveLength(
      places.length,
    );
  });

  it('is for admins only', async () => {
    const manager = await signUpAs(suite.ctx.app, suite.ctx.db, 'manager');
    expect((await call('GET', '/api/admin/shipping/taxes', undefined, manager.cookie)).statusCode).toBe(403);
    const put = await call('PUT', '/api/admin/shipping/taxes/DE', { rates: [] }, manager.cookie);
    expect(put.statusCode).toBe(403);
    const standard = await call('POST', '/api/admin/shipping/taxes/standard', undefined, manager.cookie);
    expect(standard.statusCode).toBe(403);
  });
});
