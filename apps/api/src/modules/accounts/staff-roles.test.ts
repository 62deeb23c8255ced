import { describe, expect, it } from 'vitest';
import { appWithAdminPerFile } from '../../../test/commerce-app.ts';
import { signUpAs } from '../../../test/sessions.ts';

// Custom roles (decision 0082): a member hands out only what they hold.
const suite = appWithAdminPerFile();

const call = (cookie: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  suite.ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

describe('custom roles', () => {
  it('a member with team.manage cannot give or make more than they hold', async () => {
    const admin = suite.admin.cookie;
    const lead = await call(admin, 'POST', '/api/admin/roles', {
      name: 'Team lead',
      permissions: ['team.manage', 'orders.read'],
    });
    expect(lead.statusCode, lead.body).toBe(201);
    const member = await signUpAs(suite.ctx.app, suite.ctx.db, 'staff');
    const granted = await call(admin, 'PUT', `/api/admin/team/${member.id}`, {
      role: 'staff',
      staff_role_id: lead.json().id,
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json().staff_role.name).toBe('Team lead');

    // Not themselves an admin, not anyone else a manager, not a role with finances.
    const self = await call(member.cookie, 'PUT', `/api/admin/team/${member.id}`, { role: 'admin' });
    expect(self.statusCode).toBe(403);
    expect(self.json().error.code).toBe('permission_not_held');
    const other = await signUpAs(suite.ctx.app, suite.ctx.db, 'customer');
    expect(
      (await call(member.cookie, 'PUT', `/api/admin/team/${other.id}`, { role: 'manager' })).statusCode,
    ).toBe(403);
    const wider = await call(member.cookie, 'POST', '/api/admin/roles', {
      name: 'Books',
      permissions: ['orders.read', 'finances.read'],
    });
    expect(wider.statusCode).toBe(403);
    // Nor demote the admin, whose permissions are more than theirs.
    const [adminRow] = (await call(admin, 'GET', '/api/admin/team'))
      .json()
      .items.filter((m: { role: string }) => m.role === 'admin');
    expect((await call(member.cookie, 'DELETE', `/api/admin/team/${adminRow.user_id}`)).statusCode).toBe(403);

    // Within what they hold, they may.
    const same = await call(member.cookie, 'PUT', `/api/admin/team/${other.id}`, {
      role: 'staff',
      staff_role_id: lead.json().id,
    });
    expect(same.statusCode, same.body).toBe(200);
    const roles = (await call(admin, 'GET', '/api/admin/roles')).json().items;
    expect(roles[0], JSON.stringify(roles)).toMatchObject({
      name: 'Team lead',
      members: 2,
    });
  });

  it('refuses a second role of the same name in any letter case, and deleting one still held', async () => {
    const admin = suite.admin.cookie;
    const first = await call(admin, 'POST', '/api/admin/roles', {
      name: 'Packers',
      permissions: ['orders.read'],
    });
    expect(first.statusCode).toBe(201);
    const again = await call(admin, 'POST', '/api/admin/roles', {
      name: 'PACKERS',
      permissions: ['orders.read'],
    });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().error.code).toBe('role_name_taken');
    const member = await signUpAs(suite.ctx.app, suite.ctx.db, 'staff');
    await call(admin, 'PUT', `/api/admin/team/${member.id}`, {
      role: 'staff',
      staff_role_id: first.json().id,
    });
    expect((await call(admin, 'DELETE', `/api/admin/roles/${first.json().id}`)).statusCode).toBe(409);
    await call(admin, 'PUT', `/api/admin/team/${member.id}`, { role: 'staff' });
    expect((await call(admin, 'DELETE', `/api/admin/roles/${first.json().id}`)).statusCode).toBe(204);
  });
});
