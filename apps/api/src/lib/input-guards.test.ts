import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appWithAdminPerFile } from '../../test/commerce-app.ts';
import { users } from '../db/schema.ts';

const suite = appWithAdminPerFile();

function expectFieldError(res: { statusCode: number; body: string; json(): unknown }, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  const body = res.json() as { error: { code: string; message: string; details: { field: string }[] } };
  expect(body.error.code).toBe('invalid_request');
  expect(body.error.message).toContain(field);
  expect(body.error.details.map((d) => d.field)).toContain(field);
}

describe('a NUL byte in any text input', () => {
  it('is refused with a 400 in the path, on API and page routes', async () => {
    for (const url of ['/api/products/%00', '/product/%00', '/pay/%00', '/api/products/a%00b']) {
      const res = await suite.ctx.app.inject({ method: 'GET', url });
      expectFieldError(res, 'path');
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
    }
  });

  it('is refused with a 400 in a query value, named by its key', async () => {
    const res = await suite.ctx.app.inject({ method: 'GET', url: '/api/products?search=%00' });
    expectFieldError(res, 'querystring.search');
    for (const url of ['/api/admin/products?search=a%00', '/api/admin/orders?search=%00']) {
      const admin = await suite.ctx.app.inject({
        method: 'GET',
        url,
        headers: { cookie: suite.admin.cookie },
      });
      expectFieldError(admin, 'querystring.search');
    }
  });

  it('is refused before a CSV export starts, never as a broken 200', async () => {
    for (const url of ['/api/admin/products/export?search=%00', '/api/admin/orders/export?search=%00']) {
      const res = await suite.ctx.app.inject({ method: 'GET', url, headers: { cookie: suite.admin.cookie } });
      expectFieldError(res, 'querystring.search');
      expect(res.headers['content-disposition']).toBeUndefined();
    }
  });

  it('is refused in sign-in and creates no account on sign-up', async () => {
    const signIn = await suite.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: 'a\u0000@example.com', password: 'whatever-password' },
    });
    expectFieldError(signIn, 'body.email');

    const email = `nul-${Date.now()}@example.com`;
    const signUp = await suite.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email, password: 'correct-horse-battery', name: 'Nul', firstName: 'A\u0000', lastName: 'B' },
    });
    expectFieldError(signUp, 'body.firstName');
    expect(await suite.ctx.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('is refused anywhere in a JSON body, nested fields included', async () => {
    const res = await suite.ctx.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: { cookie: suite.admin.cookie },
      payload: { name: 'Lamp\u0000', price: 100, tags: [{ x: 'ok' }] },
    });
    expectFieldError(res, 'body.name');
    const nested = await suite.ctx.app.inject({
      method: 'POST',
      url: '/api/admin/products',
      headers: { cookie: suite.admin.cookie },
      payload: { name: 'Lamp', list: [{ deep: 'x\u0000' }] },
    });
    expectFieldError(nested, 'body.list.0.deep');
  });

  it('leaves ordinary input alone', async () => {
    const res = await suite.ctx.app.inject({ method: 'GET', url: '/api/products?search=%2500%20lamp' });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('a deeply nested JSON body', () => {
  it('is refused with a 400 before anything walks it', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const res = await suite.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json' },
      payload: `{"email":${deep},"password":"x"}`,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe('invalid_request');
  });

  it('still accepts 64 levels, and brackets inside strings do not count', async () => {
    const nested = `${'['.repeat(63)}${']'.repeat(63)}`;
    const res = await suite.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'content-type': 'application/json' },
      payload: `{"email":"nobody@example.com","password":"${'['.repeat(20)}\\"[","extra":${nested}}`,
    });
    expect(res.statusCode, res.body).toBe(401);
  });

  it('keeps refusing malformed and poisoned JSON as before', async () => {
    for (const payload of ['{"broken":', '{"__proto__":{"x":1}}', '']) {
      const res = await suite.ctx.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
    }
  });
});
