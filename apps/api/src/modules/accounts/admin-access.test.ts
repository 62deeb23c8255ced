import { randomUUID } from 'node:crypto';
import type { Role } from '@cartwheel/shared/constants';
import { leastRoleWith, type Permission, ROLE_PERMISSIONS } from '@cartwheel/shared/permissions';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { appPerFile } from '../../../test/commerce-app.ts';
import { signUpAs } from '../../../test/sessions.ts';
import { ADMIN_ROUTE_PERMISSIONS, registerAdminGuard } from './admin-access.ts';

const suite = appPerFile();
type Who = Role | 'fulfilment';
const cookies: Partial<Record<Who, string>> = {};
/** A custom role as an admin makes it: orders read and fulfil, nothing else. */
const FULFILMENT: Permission[] = ['orders.read', 'orders.fulfil'];

beforeAll(async () => {
  for (const role of ['customer', 'staff', 'manager', 'admin'] as const) {
    cookies[role] = (await signUpAs(suite.ctx.app, suite.ctx.db, role)).cookie;
  }
  const role = await suite.ctx.app.inject({
    method: 'POST',
    url: '/api/admin/roles',
    headers: { cookie: cookies.admin! },
    payload: { name: 'Fulfilment', permissions: FULFILMENT },
  });
  expect(role.statusCode, role.body).toBe(201);
  const member = await signUpAs(suite.ctx.app, suite.ctx.db, 'staff');
  const granted = await suite.ctx.app.inject({
    method: 'PUT',
    url: `/api/admin/team/${member.id}`,
    headers: { cookie: cookies.admin! },
    payload: { role: 'staff', staff_role_id: role.json().id },
  });
  expect(granted.statusCode, granted.body).toBe(200);
  cookies.fulfilment = member.cookie;
});

/** Whether `who` holds `permission` (`member`: any back-office role). */
function holds(who: Who, permission: Permission | 'member'): boolean {
  if (who === 'customer') return false;
  if (permission === 'member') return true;
  const permissions: readonly Permission[] = who === 'fulfilment' ? FULFILMENT : ROLE_PERMISSIONS[who];
  return permissions.includes(permission);
}
/** Every /api/admin route the app actually registered, as "METHOD /url". */
function registeredAdminRoutes(): string[] {
  const found = new Set<string>();
  for (const key of Object.keys(ADMIN_ROUTE_PERMISSIONS)) {
    const [method, url] = key.split(' ') as [string, string];
    if (suite.ctx.app.hasRoute({ method: method as 'GET', url })) found.add(key);
  }
  return [...found];
}

describe('the admin route table', () => {
  it('lists exactly the admin routes the app registers', () => {
    expect(registeredAdminRoutes().sort()).toEqual(Object.keys(ADMIN_ROUTE_PERMISSIONS).sort());
  });

  it('refuses to register an admin route that has no declared role', async () => {
    const probe = Fastify();
    registerAdminGuard(probe);
    expect(() => probe.get('/api/admin/undeclared', async () => ({}))).toThrow(
      /has no permission in ADMIN_ROUTE_PERMISSIONS/,
    );
    expect(() => probe.get('/api/admin/me', async () => ({}))).not.toThrow();
    await probe.close();
  });

  const cases = Object.entries(ADMIN_ROUTE_PERMISSIONS).flatMap(([key, permission]) =>
    (['anonymous', 'customer', 'staff', 'manager', 'admin', 'fulfilment'] as const).map((who) => ({
      key,
      permission,
      who,
    })),
  );

  it.each(cases)('$key as $who (needs $permission)', async ({ key, permission, who }) => {
    const [method, path] = key.split(' ') as [string, string];
    const url = path.replace(/:[A-Za-z]+/g, randomUUID());
    const res = await suite.ctx.app.inject({
      method: method as 'GET',
      url,
      headers: who === 'anonymous' ? {} : { cookie: cookies[who]! },
      ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
    });
    if (who === 'anonymous') expect(res.statusCode).toBe(401);
    else if (!holds(who, permission)) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(
        `You don't have permission to do this. Required role: ${permission === 'member' ? 'staff' : leastRoleWith(permission)}, your role: ${who === 'fulfilment' ? 'Fulfilment' : who}.`,
      );
    } else expect([401, 403]).not.toContain(res.statusCode);
  });
});
