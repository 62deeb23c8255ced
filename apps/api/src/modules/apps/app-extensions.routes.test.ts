import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appWithAdminPerFile } from '../../../test/commerce-app.ts';
import { signUpAs, type TestUser } from '../../../test/sessions.ts';
import { queryRows } from '../../db/client.ts';
import { APP_TOKEN_SECONDS, verifyAppToken } from './app-token.ts';

const suite = appWithAdminPerFile();
let staff: TestUser;

type Created = { app: { id: string; url: string }; token: string; secret: string };

async function addApp(payload: Record<string, unknown>, cookie = suite.admin.cookie) {
  return suite.ctx.app.inject({ method: 'POST', url: '/api/admin/apps', headers: { cookie }, payload });
}

async function frame(appId: string, payload: Record<string, unknown>, cookie: string) {
  return suite.ctx.app.inject({
    method: 'POST',
    url: `/api/admin/apps/${appId}/frame`,
    headers: { cookie },
    payload,
  });
}

const tokenOf = (src: string) => new URL(src).searchParams.get('token') ?? '';

const counts = () =>
  queryRows<{ apps: number; keys: number }>(
    suite.ctx.db,
    sql`SELECT (SELECT count(*)::int FROM apps) AS apps, (SELECT count(*)::int FROM api_keys) AS keys`,
  );

let orders: Created;

beforeAll(async () => {
  staff = await signUpAs(suite.ctx.app, suite.ctx.db, 'staff');
  const res = await addApp({
    name: 'Packing notes',
    url: 'https://notes.example.com/cartwheel',
    role: 'staff',
    sidebar_label: 'Packing notes',
    panels: ['order', 'customer'],
  });
  expect(res.statusCode, res.body).toBe(201);
  orders = res.json();
});

describe('apps in the back office', () => {
  it('registers an app with an API key and a signing secret shown once', async () => {
    expect(orders.secret).toMatch(/^cws_[A-Za-z0-9_-]{43}$/);
    expect(orders.token).toMatch(/^cwk_/);
    const list = await suite.ctx.app.inject({
      url: '/api/admin/apps',
      headers: { cookie: suite.admin.cookie },
    });
    expect(list.statusCode).toBe(200);
    expect(list.body).not.toContain(orders.secret);
    expect(list.body).not.toContain(orders.token);
    expect(list.json().items).toEqual([
      expect.objectContaining({ name: 'Packing notes', role: 'staff', panels: ['order', 'customer'] }),
    ]);
    const withKey = await suite.ctx.app.inject({
      url: '/api/admin/orders',
      headers: { authorization: `Bearer ${orders.token}`, origin: undefined },
    });
    expect(withKey.statusCode, withKey.body).toBe(200);
    const logged = await queryRows<{ action: string; changes: unknown }>(
      suite.ctx.db,
      sql`SELECT action, changes FROM audit_log WHERE target_id = ${orders.app.id}`,
    );
    expect(logged.map((row) => row.action)).toEqual(['app.created']);
    expect(JSON.stringify(logged)).not.toContain(orders.secret);
  });

  it('rejects a plain-http URL, an unknown panel or no name with a 400 and writes nothing', async () => {
    const before = await counts();
    for (const payload of [
      { name: 'x', url: 'http://notes.example.com/', role: 'staff' },
      { name: 'x', url: 'https://notes.example.com/', role: 'staff', panels: ['finances'] },
      { name: '', url: 'https://notes.example.com/', role: 'staff' },
    ]) {
      const res = await addApp(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
    expect(await counts()).toEqual(before);
  });

  it("gives a panel a token, signed with the app's secret, saying who is looking at what", async () => {
    const orderId = randomUUID();
    const res = await frame(orders.app.id, { resource: 'order', id: orderId }, staff.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { src } = res.json();
    expect(src.startsWith('https://notes.example.com/cartwheel?token=')).toBe(true);
    const claims = verifyAppToken(orders.secret, tokenOf(src));
    expect(claims).toMatchObject({
      aud: orders.app.id,
      sub: staff.id,
      email: staff.email,
      resource: { type: 'order', id: orderId },
    });
    expect(claims?.permissions).toContain('orders.read');
    expect(claims?.permissions).not.toContain('apps.manage');
    expect(verifyAppToken(`${orders.secret}x`, tokenOf(src))).toBeNull();
  });

  it('gives a token that expires five minutes after it is signed', async () => {
    const res = await frame(orders.app.id, { resource: 'page', id: null }, staff.cookie);
    const token = tokenOf(res.json().src);
    const claims = verifyAppToken(orders.secret, token);
    expect(claims?.exp).toBe((claims?.iat ?? 0) + APP_TOKEN_SECONDS);
    expect(verifyAppToken(orders.secret, token, ((claims?.exp ?? 0) + 1) * 1000)).toBeNull();
    expect(verifyAppToken(orders.secret, token, ((claims?.exp ?? 0) - 1) * 1000)).not.toBeNull();
  });

  it('refuses a frame where the app adds nothing, and one without the id of what is shown', async () => {
    const product = await frame(orders.app.id, { resource: 'product', id: randomUUID() }, staff.cookie);
    expect(product.statusCode).toBe(404);
    expect(product.json().error.code).toBe('app_extension_not_found');
    const noId = await frame(orders.app.id, { resource: 'order', id: null }, staff.cookie);
    expect(noId.statusCode).toBe(400);
  });

  it('refuses a panel to a member who may not open the page it sits on', async () => {
    const role = await suite.ctx.app.inject({
      method: 'POST',
      url: '/api/admin/roles',
      headers: { cookie: suite.admin.cookie },
      payload: { name: 'Orders only', permissions: ['orders.read'] },
    });
    expect(role.statusCode, role.body).toBe(201);
    const member = await signUpAs(suite.ctx.app, suite.ctx.db, 'staff');
    const granted = await suite.ctx.app.inject({
      method: 'PUT',
      url: `/api/admin/team/${member.id}`,
      headers: { cookie: suite.admin.cookie },
      payload: { role: 'staff', staff_role_id: role.json().id },
    });
    expect(granted.statusCode, granted.body).toBe(200);
    const customer = await frame(orders.app.id, { resource: 'customer', id: randomUUID() }, member.cookie);
    expect(customer.statusCode).toBe(403);
    const order = await frame(orders.app.id, { resource: 'order', id: randomUUID() }, member.cookie);
    expect(order.statusCode).toBe(200);
  });

  it('lets a member without apps.manage see the links and panels but not manage apps', async () => {
    for (const request of [
      { method: 'GET' as const, url: '/api/admin/apps' },
      { method: 'DELETE' as const, url: `/api/admin/apps/${orders.app.id}` },
    ]) {
      const res = await suite.ctx.app.inject({ ...request, headers: { cookie: staff.cookie } });
      expect(res.statusCode).toBe(403);
    }
    const before = await counts();
    const add = await addApp({ name: 'x', url: 'https://x.example.com/', role: 'staff' }, staff.cookie);
    expect(add.statusCode).toBe(403);
    expect(await counts()).toEqual(before);
    const extensions = await suite.ctx.app.inject({
      url: '/api/admin/app-extensions',
      headers: { cookie: staff.cookie },
    });
    expect(extensions.statusCode).toBe(200);
    expect(extensions.json()).toEqual({
      sidebar: [{ app_id: orders.app.id, label: 'Packing notes' }],
      panels: [
        { app_id: orders.app.id, name: 'Packing notes', resource: 'order' },
        { app_id: orders.app.id, name: 'Packing notes', resource: 'customer' },
      ],
    });
  });

  it('removes an app: its key stops working and its links and panels go', async () => {
    const res = await addApp({
      name: 'Short-lived',
      url: 'https://short.example.com/',
      role: 'staff',
      panels: ['product'],
    });
    const created: Created = res.json();
    const removed = await suite.ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/apps/${created.app.id}`,
      headers: { cookie: suite.admin.cookie },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const withKey = await suite.ctx.app.inject({
      url: '/api/admin/orders',
      headers: { authorization: `Bearer ${created.token}`, origin: undefined },
    });
    expect(withKey.statusCode).toBe(401);
    const extensions = await suite.ctx.app.inject({
      url: '/api/admin/app-extensions',
      headers: { cookie: staff.cookie },
    });
    expect(JSON.stringify(extensions.json())).not.toContain(created.app.id);
  });

  it("lets the back office frame https apps (and this machine's in development) but nobody frame the shop", async () => {
    const res = await suite.ctx.app.inject({ url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-src 'self' https: http://localhost:* http://127.0.0.1:*");
    expect(csp).toContain("frame-ancestors 'none'");
  });
});
