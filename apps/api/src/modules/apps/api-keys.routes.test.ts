import { randomUUID } from 'node:crypto';
import { API_KEY_ROLES, type ApiKeyRole } from '@cartwheel/shared/contracts/apps';
import { leastRoleWith, ROLE_PERMISSIONS } from '@cartwheel/shared/permissions';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appWithAdminPerFile } from '../../../test/commerce-app.ts';
import { signUpAs } from '../../../test/sessions.ts';
import { queryRows } from '../../db/client.ts';
import { profiles } from '../../db/schema.ts';
import { ADMIN_ROUTE_PERMISSIONS } from '../accounts/admin-access.ts';

const suite = appWithAdminPerFile();
const tokens: Partial<Record<ApiKeyRole, string>> = {};

async function createKey(role: ApiKeyRole, cookie = suite.admin.cookie) {
  const res = await suite.ctx.app.inject({
    method: 'POST',
    url: '/api/admin/api-keys',
    headers: { cookie },
    payload: { name: `${role} key`, role },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { key: { id: string; prefix: string; role: string }; token: string };
}

/** A request as a script sends it: the key, no cookie, no Origin. */
const withKey = (token: string) => ({ authorization: `Bearer ${token}`, origin: undefined });

beforeAll(async () => {
  for (const role of API_KEY_ROLES) tokens[role] = (await createKey(role)).token;
});

describe('API keys', () => {
  it('shows the token once and keeps only its hash', async () => {
    const { key, token } = await createKey('staff');
    expect(token).toMatch(/^cwk_[A-Za-z0-9_-]{43}$/);
    expect(token.startsWith(key.prefix)).toBe(true);
    const list = await suite.ctx.app.inject({
      url: '/api/admin/api-keys',
      headers: { cookie: suite.admin.cookie },
    });
    expect(list.body).not.toContain(token);
    expect(list.json().items.find((k: { id: string }) => k.id === key.id)).toMatchObject({
      prefix: key.prefix,
      role: 'staff',
      created_by_email: suite.admin.email,
      last_used_at: null,
      revoked_at: null,
    });
    const stored = await queryRows<{ token_hash: string }>(
      suite.ctx.db,
      sql`SELECT token_hash FROM api_keys WHERE id = ${key.id}`,
    );
    expect(stored[0]?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token.slice(12));
  });

  it('rejects a key without a name or with an unknown role with a 400 and writes nothing', async () => {
    const before = await queryRows<{ n: number }>(suite.ctx.db, sql`SELECT count(*)::int AS n FROM api_keys`);
    for (const payload of [
      { name: '', role: 'admin' },
      { name: 'x', role: 'customer' },
    ]) {
      const res = await suite.ctx.app.inject({
        method: 'POST',
        url: '/api/admin/api-keys',
        headers: { cookie: suite.admin.cookie },
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
    const after = await queryRows<{ n: number }>(suite.ctx.db, sql`SELECT count(*)::int AS n FROM api_keys`);
    expect(after).toEqual(before);
  });

  it('answers 401 with a clear message for an unknown key and for a revoked one', async () => {
    const unknown = await suite.ctx.app.inject({ url: '/api/admin/orders', headers: withKey('cwk_nope') });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error).toMatchObject({ code: 'invalid_api_key' });
    expect(unknown.json().error.message).toMatch(/not valid/);

    const { key, token } = await createKey('manager');
    expect(
      (await suite.ctx.app.inject({ url: '/api/admin/orders', headers: withKey(token) })).statusCode,
    ).toBe(200);
    const revoke = await suite.ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/api-keys/${key.id}`,
      headers: { cookie: suite.admin.cookie },
    });
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json().revoked_at).not.toBeNull();
    const revoked = await suite.ctx.app.inject({ url: '/api/admin/orders', headers: withKey(token) });
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().error.message).toBe('This API key has been revoked.');
  });

  it('writes with a key need no Origin, but a cookie write still does', async () => {
    const byKey = await suite.ctx.app.inject({
      method: 'POST',
      url: '/api/admin/webhooks',
      headers: withKey(tokens.admin!),
      payload: { url: 'https://example.com/hooks', events: ['order.paid'] },
    });
    expect(byKey.statusCode, byKey.body).toBe(201);
    const byCookie = await suite.ctx.app.inject({
      method: 'POST',
      url: '/api/admin/webhooks',
      headers: { cookie: suite.admin.cookie, authorization: `Bearer ${tokens.admin}`, origin: undefined },
      payload: { url: 'https://example.com/hooks', events: ['order.paid'] },
    });
    expect(byCookie.statusCode).toBe(403);
    expect(byCookie.json().error.code).toBe('cross_site_request');
  });

  it('records the last use at most once a minute', async () => {
    const { key, token } = await createKey('staff');
    const lastUsed = async () =>
      (
        await queryRows<{ t: string | null }>(
          suite.ctx.db,
          sql`SELECT last_used_at AS t FROM api_keys WHERE id = ${key.id}`,
        )
      )[0]?.t;
    await suite.ctx.app.inject({ url: '/api/admin/me', headers: withKey(token) });
    const first = await lastUsed();
    expect(first).not.toBeNull();
    await suite.ctx.app.inject({ url: '/api/admin/me', headers: withKey(token) });
    expect(await lastUsed()).toEqual(first);
    await queryRows(
      suite.ctx.db,
      sql`UPDATE api_keys SET last_used_at = now() - interval '2 minutes' WHERE id = ${key.id}`,
    );
    const stale = await lastUsed();
    await suite.ctx.app.inject({ url: '/api/admin/me', headers: withKey(token) });
    expect(await lastUsed()).not.toEqual(stale);
  });

  it("never acts above its creator's current role", async () => {
    const manager = await signUpAs(suite.ctx.app, suite.ctx.db, 'admin');
    const { token } = await createKey('admin', manager.cookie);
    expect((await suite.ctx.app.inject({ url: '/api/admin/team', headers: withKey(token) })).statusCode).toBe(
      200,
    );
    await suite.ctx.db.update(profiles).set({ role: 'manager' }).where(eq(profiles.id, manager.id));
    const res = await suite.ctx.app.inject({ url: '/api/admin/team', headers: withKey(token) });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toContain('your role: manager');
  });

  it("never reaches a customer's own routes (cart, account, addresses, orders)", async () => {
    for (const url of [
      '/api/cart',
      '/api/account/addresses',
      '/api/account/orders',
      '/api/account/marketing',
    ]) {
      const res = await suite.ctx.app.inject({ url, headers: withKey(tokens.admin!) });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('is declared as a bearer scheme in the OpenAPI document', async () => {
    const res = await suite.ctx.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json().components.securitySchemes.apiKey).toMatchObject({ type: 'http', scheme: 'bearer' });
  });
});

describe('the role matrix with API keys', () => {
  const cases = Object.entries(ADMIN_ROUTE_PERMISSIONS).flatMap(([key, permission]) =>
    API_KEY_ROLES.map((role) => ({ key, permission, role })),
  );

  it.each(cases)('$key with a $role key (needs $permission)', async ({ key, permission, role }) => {
    const [method, path] = key.split(' ') as [string, string];
    const res = await suite.ctx.app.inject({
      method: method as 'GET',
      url: path.replace(/:[A-Za-z]+/g, randomUUID()),
      headers: withKey(tokens[role]!),
      ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
    });
    if (permission !== 'member' && !ROLE_PERMISSIONS[role].includes(permission)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(
        `You don't have permission to do this. Required role: ${leastRoleWith(permission)}, your role: ${role}.`,
      );
    } else expect([401, 403], res.body).not.toContain(res.statusCode);
  });
});
