import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appWithAdminPerFile } from '../../../test/commerce-app.ts';
import { signUp, signUpAs } from '../../../test/sessions.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';
import { profiles, users } from './accounts.schema.ts';
import { setUserRole } from './accounts.service.ts';

const suite = appWithAdminPerFile();

const call = (
  method: 'GET' | 'PUT' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
  cookie = suite.admin.cookie,
) =>
  suite.ctx.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) });

const roleOf = async (userId: string) =>
  (await suite.ctx.db.select({ role: profiles.role }).from(profiles).where(eq(profiles.id, userId)))[0]?.role;

describe('the team', () => {
  it('lists everyone with a staff, manager or admin role, admins first, and no customers', async () => {
    const staff = await signUpAs(suite.ctx.app, suite.ctx.db, 'staff');
    const manager = await signUpAs(suite.ctx.app, suite.ctx.db, 'manager');
    const customer = await signUp(suite.ctx.app, { firstName: 'Cus', lastName: 'Tomer' });
    const res = await call('GET', '/api/admin/team');
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { user_id: string; role: string }[];
    const ids = items.map((m) => m.user_id);
    expect(ids).toEqual(expect.arrayContaining([suite.admin.id, staff.id, manager.id]));
    expect(ids).not.toContain(customer.id);
    expect(items[0]!.role).toBe('admin');
    expect(items.find((m) => m.user_id === staff.id)).toMatchObject({
      email: staff.email,
      role: 'staff',
      two_factor_enabled: false,
      first_name: '',
      last_name: '',
    });
  });

  it('finds any user by part of the email, ignoring case, at most 20', async () => {
    const found = await signUp(suite.ctx.app, { email: 'Findable.Person@Example.com', firstName: 'Fin' });
    const res = await call('GET', '/api/admin/users?email=FINDABLE.per');
    expect(res.statusCode).toBe(200);
    expect(res.json().items).toEqual([
      expect.objectContaining({ user_id: found.id, role: 'customer', first_name: 'Fin' }),
    ]);

    await suite.ctx.db
      .insert(users)
      .values(Array.from({ length: 21 }, (_, i) => ({ email: `many-${i}@search.test` })));
    expect((await call('GET', '/api/admin/users?email=@search.test')).json().items).toHaveLength(20);
  });

  it('treats % and _ in the search as plain characters', async () => {
    await signUp(suite.ctx.app, { email: 'under_score@example.com' });
    const res = await call('GET', '/api/admin/users?email=r_s');
    expect(res.json().items.map((m: { email: string }) => m.email)).toEqual(['under_score@example.com']);
    expect((await call('GET', '/api/admin/users?email=%25%25%25')).json().items).toEqual([]);
  });

  it('grants a role, changes it and revokes it back to customer', async () => {
    const user = await signUp(suite.ctx.app);
    const grant = await call('PUT', `/api/admin/team/${user.id}`, { role: 'staff' });
    expect(grant.statusCode).toBe(200);
    expect(grant.json()).toMatchObject({ user_id: user.id, email: user.email, role: 'staff' });
    expect(
      (await suite.ctx.app.inject({ url: '/api/admin/me', headers: { cookie: user.cookie } })).statusCode,
    ).toBe(200);

    const change = await call('PUT', `/api/admin/team/${user.id}`, { role: 'manager' });
    expect(change.json().role).toBe('manager');

    const revoke = await call('DELETE', `/api/admin/team/${user.id}`);
    expect(revoke.statusCode).toBe(200);
    expect(revoke.json().role).toBe('customer');
    expect(await roleOf(user.id)).toBe('customer');
    expect(
      (await suite.ctx.app.inject({ url: '/api/admin/me', headers: { cookie: user.cookie } })).statusCode,
    ).toBe(403);
  });

  it('refuses a role that is not a staff role, and writes nothing', async () => {
    const user = await signUp(suite.ctx.app);
    for (const role of ['customer', 'owner', '']) {
      const res = await call('PUT', `/api/admin/team/${user.id}`, { role });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid_request');
    }
    expect(await roleOf(user.id)).toBe('customer');
  });

  it('answers 404 for an unknown user and 400 for an id that is not a UUID', async () => {
    const unknown = await call('PUT', `/api/admin/team/${randomUUID()}`, { role: 'staff' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error).toEqual({ code: 'user_not_found', message: 'User not found' });
    expect((await call('DELETE', `/api/admin/team/${randomUUID()}`)).statusCode).toBe(404);
    expect((await call('DELETE', '/api/admin/team/not-a-uuid')).statusCode).toBe(400);
  });

  it('lets a manager or staff member do none of it', async () => {
    const manager = await signUpAs(suite.ctx.app, suite.ctx.db, 'manager');
    const user = await signUp(suite.ctx.app);
    const res = await call('PUT', `/api/admin/team/${user.id}`, { role: 'admin' }, manager.cookie);
    expect(res.statusCode).toBe(403);
    expect(await roleOf(user.id)).toBe('customer');
  });
});

describe('the last admin', () => {
  // A database of its own: the shared one above has several admins.
  let local: TestContext;
  beforeAll(async () => {
    local = await createTestApp();
  });
  afterAll(async () => local?.close());

  const adminRoles = async () =>
    (await local.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.role, 'admin'))).map(
      (p) => p.id,
    );

  it('cannot be demoted or removed, with a 409 that says so', async () => {
    const only = await signUpAs(local.app, local.db, 'admin');
    const headers = { cookie: only.cookie };
    const demote = await local.app.inject({
      method: 'PUT',
      url: `/api/admin/team/${only.id}`,
      payload: { role: 'manager' },
      headers,
    });
    expect(demote.statusCode).toBe(409);
    expect(demote.json()).toEqual({
      error: { code: 'last_admin', message: 'The last admin cannot be demoted or removed' },
    });
    const remove = await local.app.inject({ method: 'DELETE', url: `/api/admin/team/${only.id}`, headers });
    expect(remove.statusCode).toBe(409);
    expect(remove.json().error.code).toBe('last_admin');
    expect(await adminRoles()).toEqual([only.id]);

    // With a second admin, one of them may step down.
    const second = await signUp(local.app);
    await local.app.inject({
      method: 'PUT',
      url: `/api/admin/team/${second.id}`,
      payload: { role: 'admin' },
      headers,
    });
    const stepDown = await local.app.inject({ method: 'DELETE', url: `/api/admin/team/${only.id}`, headers });
    expect(stepDown.statusCode).toBe(200);
    expect(stepDown.json().role).toBe('customer');
    expect(await adminRoles()).toEqual([second.id]);
  });

  it('survives two admins demoting each other at the same moment: exactly one succeeds', async () => {
    const [remaining] = await adminRoles();
    const other = await signUpAs(local.app, local.db, 'admin');
    const results = await Promise.allSettled([
      setUserRole(local.db, remaining!, 'customer'),
      setUserRole(local.db, other.id, 'staff'),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const failure = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(failure.reason).toMatchObject({ kind: 'conflict', code: 'last_admin' });
    expect(await adminRoles()).toHaveLength(1);
  });
});
