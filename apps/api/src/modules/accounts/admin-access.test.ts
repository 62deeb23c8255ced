import { randomUUID } from 'node:crypto';
import { ROLE_LEVEL, type Role } from '@cartwheel/shared/constants';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { appPerFile } from '../../../test/commerce-app.ts';
import { signUpAs } from '../../../test/sessions.ts';
import { ADMIN_ROUTE_ROLES, registerAdminGuard } from './admin-access.ts';

const suite = appPerFile();
const cookies: Partial<Record<Role, string>> = {};

beforeAll(async () => {
  for (const role of ['customer', 'staff', 'manager', 'admin'] as const) {
    cookies[role] = (await signUpAs(suite.ctx.app, suite.ctx.db, role)).cookie;
  }
});
/** Every /api/admin route the app actually registered, as "METHOD /url". */
function registeredAdminRoutes(): string[] {
  const found = new Set<string>();
  for (const key of Object.keys(ADMIN_ROUTE_ROLES)) {
    const [method, url] = key.split(' ') as [string, string];
    if (suite.ctx.app.hasRoute({ method: method as 'GET', url })) found.add(key);
  }
  return [...found];
}

describe('the admin route table', () => {
  it('lists exactly the admin routes the app registers', () => {
    expect(registeredAdminRoutes().sort()).toEqual(Object.keys(ADMIN_ROUTE_ROLES).sort());
  });

  it('refuses to register an admin route that has no declared role', async () => {
    const probe = Fastify();
    registerAdminGuard(probe);
    expect(() => probe.get('/api/admin/undeclared', async () => ({}))).toThrow(
      /has no role in ADMIN_ROUTE_ROLES/,
    );
    expect(() => probe.get('/api/admin/me', async () => ({}))).not.toThrow();
    await probe.close();
  });

  const cases = Object.entries(ADMIN_ROUTE_ROLES).flatMap(([key, minimum]) =>
    (['anonymous', 'customer', 'staff', 'manager', 'admin'] as const).map((who) => ({ key, minimum, who })),
  );

  it.each(cases)('$key as $who (needs $minimum)', async ({ key, minimum, who }) => {
    const [method, path] = key.split(' ') as [string, string];
    const url = path.replace(/:[A-Za-z]+/g, randomUUID());
    const res = await suite.ctx.app.inject({
      method: method as 'GET',
      url,
      headers: who === 'anonymous' ? {} : { cookie: cookies[who]! },
      ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
    });
    if (who === 'anonymous') expect(res.statusCode).toBe(401);
    else if (ROLE_LEVEL[who] < ROLE_LEVEL[minimum]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(
        `You don't have permission to do this. Required role: ${minimum}, your role: ${who}.`,
      );
    } else expect([401, 403]).not.toContain(res.statusCode);
  });
});
