import { randomUUID } from 'node:crypto';
import { MAX_SAVED_ADDRESSES } from '@cartwheel/shared/contracts/addresses';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appPerFile } from '../../../test/commerce-app.ts';
import { signUp, type TestUser } from '../../../test/sessions.ts';
import { queryRows } from '../../db/client.ts';

const suite = appPerFile();

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
const call = (user: TestUser | null, method: Method, url: string, payload?: unknown) =>
  suite.ctx.app.inject({
    method,
    url,
    headers: user ? { cookie: user.cookie } : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

const home = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  address_line_1: '12 Main St',
  city: 'Springfield',
  state_province: 'IL',
  postal_code: '62701',
  country: 'US',
};

async function save(user: TestUser, body: Record<string, unknown> = home) {
  const res = await call(user, 'POST', '/api/account/addresses', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function list(user: TestUser) {
  const res = await call(user, 'GET', '/api/account/addresses');
  expect(res.statusCode, res.body).toBe(200);
  return res.json().items as Array<{ id: string; is_default: boolean; city: string }>;
}

const defaults = (userId: string) =>
  queryRows<{ n: number }>(
    suite.ctx.db,
    sql`SELECT count(*)::int AS n FROM customer_addresses WHERE user_id = ${userId}::uuid AND is_default`,
  ).then((rows) => rows[0]?.n);

describe('who may use the address book', () => {
  it('answers 401 to every route when signed out', async () => {
    const id = randomUUID();
    const attempts = await Promise.all([
      call(null, 'GET', '/api/account/addresses'),
      call(null, 'POST', '/api/account/addresses', home),
      call(null, 'PATCH', `/api/account/addresses/${id}`, { city: 'Paris' }),
      call(null, 'DELETE', `/api/account/addresses/${id}`),
      call(null, 'POST', `/api/account/addresses/${id}/default`),
    ]);
    for (const res of attempts) expect(res.statusCode).toBe(401);
  });

  it("answers 404 for another shopper's address and changes nothing", async () => {
    const owner = await signUp(suite.ctx.app);
    const other = await signUp(suite.ctx.app);
    const address = await save(owner);
    const url = `/api/account/addresses/${address.id}`;
    const attempts = await Promise.all([
      call(other, 'PATCH', url, { city: 'Paris' }),
      call(other, 'DELETE', url),
      call(other, 'POST', `${url}/default`),
    ]);
    for (const res of attempts) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('address_not_found');
    }
    expect(await list(other)).toEqual([]);
    expect(await list(owner)).toEqual([expect.objectContaining({ id: address.id, city: 'Springfield' })]);
  });

  it('never lets a cache keep the list', async () => {
    const user = await signUp(suite.ctx.app);
    const res = await call(user, 'GET', '/api/account/addresses');
    expect(res.headers['cache-control']).toBe('private, no-store');
  });
});

describe('saving addresses', () => {
  it('saves an address with blank optional fields as null; the first one is the default', async () => {
    const user = await signUp(suite.ctx.app);
    const saved = await save(user, { ...home, address_line_2: '  ', phone: '', country: 'us' });
    expect(saved).toMatchObject({
      ...home,
      address_line_2: null,
      phone: null,
      country: 'US',
      is_default: true,
    });
    const second = await save(user, { ...home, city: 'Shelbyville' });
    expect(second.is_default).toBe(false);
  });

  it('refuses missing and malformed fields with a message per field, saving nothing', async () => {
    const user = await signUp(suite.ctx.app);
    const res = await call(user, 'POST', '/api/account/addresses', {
      first_name: ' ',
      last_name: 'L',
      address_line_1: 'x'.repeat(201),
      postal_code: '1',
      country: 'USA',
    });
    expect(res.statusCode).toBe(400);
    const fields = Object.fromEntries(
      (res.json().error.details as Array<{ field: string; message: string }>).map((d) => [
        d.field,
        d.message,
      ]),
    );
    expect(fields).toMatchObject({
      'body.first_name': 'First name is required',
      'body.address_line_1': 'Address must be at most 200 characters',
      'body.city': 'City is required',
      'body.country': 'Choose a country',
    });
    expect(await list(user)).toEqual([]);
  });

  it('refuses a two-letter code that is not a country, on the country field', async () => {
    const user = await signUp(suite.ctx.app);
    for (const country of ['QQ', 'EU']) {
      const res = await call(user, 'POST', '/api/account/addresses', { ...home, country });
      expect(res.statusCode, country).toBe(400);
      expect(res.json().error.details).toEqual([
        { field: 'body.country', message: 'Choose a country from the list' },
      ]);
    }
    const saved = await save(user);
    const patch = await call(user, 'PATCH', `/api/account/addresses/${saved.id}`, { country: 'QQ' });
    expect(patch.statusCode).toBe(400);
    expect(await list(user)).toEqual([expect.objectContaining({ id: saved.id })]);
  });

  it('needs one of the listed states for a country that has them, and none for one that has not', async () => {
    const user = await signUp(suite.ctx.app);
    const attempts: Array<[Record<string, unknown>, string]> = [
      [{ ...home, state_province: undefined }, 'State / Province is required'],
      [{ ...home, state_province: 'Illinois' }, 'Choose a state or province from the list'],
      [{ ...home, country: 'CA', state_province: 'IL' }, 'Choose a state or province from the list'],
    ];
    for (const [body, message] of attempts) {
      const res = await call(user, 'POST', '/api/account/addresses', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.details).toEqual([{ field: 'body.state_province', message }]);
    }
    const saved = await save(user, { ...home, country: 'FR', state_province: null, postal_code: '75001' });
    expect(saved).toMatchObject({ country: 'FR', state_province: null });
    // A change of country is checked against the state the address keeps.
    const moved = await call(user, 'PATCH', `/api/account/addresses/${saved.id}`, { country: 'US' });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error.details).toEqual([
      { field: 'body.state_province', message: 'State / Province is required' },
    ]);
    const fixed = await call(user, 'PATCH', `/api/account/addresses/${saved.id}`, {
      country: 'US',
      state_province: 'NY',
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
  });

  it(`keeps at most ${MAX_SAVED_ADDRESSES} addresses per shopper`, async () => {
    const user = await signUp(suite.ctx.app);
    await suite.ctx.db.execute(sql`INSERT INTO customer_addresses
      (user_id, first_name, last_name, address_line_1, city, postal_code, country)
      SELECT ${user.id}::uuid, 'A', 'B', 'Street ' || n, 'City', '1000', 'US'
      FROM generate_series(1, ${MAX_SAVED_ADDRESSES}) n`);
    const res = await call(user, 'POST', '/api/account/addresses', home);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('too_many_addresses');
  });

  it('changes only the fields sent, and can clear an optional one', async () => {
    const user = await signUp(suite.ctx.app);
    const saved = await save(user, { ...home, phone: '555-0100' });
    const res = await call(user, 'PATCH', `/api/account/addresses/${saved.id}`, {
      city: 'Chicago',
      phone: null,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ ...home, city: 'Chicago', phone: null, is_default: true });
  });
});

describe('the default address', () => {
  it('moves the default to the address asked for, leaving exactly one', async () => {
    const user = await signUp(suite.ctx.app);
    const first = await save(user);
    const second = await save(user, { ...home, city: 'Shelbyville' });
    const res = await call(user, 'POST', `/api/account/addresses/${second.id}/default`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().is_default).toBe(true);
    const items = await list(user);
    expect(items.map((a) => [a.id, a.is_default])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);
    const third = await save(user, { ...home, city: 'Capital City', is_default: true });
    expect((await list(user))[0]).toMatchObject({ id: third.id, is_default: true });
    expect(await defaults(user.id)).toBe(1);
  });

  it('keeps one default when many requests set it at once', async () => {
    const user = await signUp(suite.ctx.app);
    const saved = [];
    for (let i = 0; i < 6; i++) saved.push(await save(user, { ...home, city: `City ${i}` }));
    const answers = await Promise.all(
      saved.map((a) => call(user, 'POST', `/api/account/addresses/${a.id}/default`)),
    );
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    expect(await defaults(user.id)).toBe(1);
  });

  it('passes the default to the newest remaining address when the default is deleted', async () => {
    const user = await signUp(suite.ctx.app);
    const first = await save(user);
    const second = await save(user, { ...home, city: 'Shelbyville' });
    const third = await save(user, { ...home, city: 'Capital City' });
    const res = await call(user, 'DELETE', `/api/account/addresses/${first.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items.map((a: { id: string; is_default: boolean }) => [a.id, a.is_default])).toEqual([
      [third.id, true],
      [second.id, false],
    ]);
    const again = await call(user, 'DELETE', `/api/account/addresses/${first.id}`);
    expect(again.statusCode).toBe(404);
  });

  it('deleting an address that is not the default leaves the default where it is', async () => {
    const user = await signUp(suite.ctx.app);
    const first = await save(user);
    const second = await save(user, { ...home, city: 'Shelbyville' });
    await call(user, 'DELETE', `/api/account/addresses/${second.id}`);
    expect(await list(user)).toEqual([expect.objectContaining({ id: first.id, is_default: true })]);
  });
});
