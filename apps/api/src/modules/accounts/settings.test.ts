import { ROLE_PERMISSIONS } from '@cartwheel/shared/permissions';
import { describe, expect, it } from 'vitest';
import { appWithAdminPerFile } from '../../../test/commerce-app.ts';
import { enableTwoFactor, signUpAs } from '../../../test/sessions.ts';
import { ADMIN_ROUTE_PERMISSIONS } from './admin-access.ts';

const suite = appWithAdminPerFile();

const get = (url: string, cookie: string) =>
  suite.ctx.app.inject({ method: 'GET', url, headers: { cookie } });
const patchSettings = (payload: Record<string, unknown>, cookie: string) =>
  suite.ctx.app.inject({ method: 'PATCH', url: '/api/admin/settings', payload, headers: { cookie } });

const TWO_FACTOR_REQUIRED = {
  error: {
    code: 'two_factor_required',
    message: 'Two-factor authentication is required for staff accounts. Enable it from your user menu.',
  },
};

describe('shop settings', () => {
  it('starts with two-factor not required and the base currency USD', async () => {
    const res = await get('/api/admin/settings', suite.admin.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ require_two_factor_for_staff: false, base_currency: 'USD' });
  });

  it('changes only what is sent and refuses a wrong type without writing', async () => {
    const bad = await patchSettings({ require_two_factor_for_staff: 'yes' }, suite.admin.cookie);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('invalid_request');
    expect((await patchSettings({}, suite.admin.cookie)).json()).toEqual({
      require_two_factor_for_staff: false,
      base_currency: 'USD',
    });
    expect((await get('/api/admin/settings', suite.admin.cookie)).json()).toEqual({
      require_two_factor_for_staff: false,
      base_currency: 'USD',
    });
  });

  it('is not changed by a manager', async () => {
    const manager = await signUpAs(suite.ctx.app, suite.ctx.db, 'manager');
    expect((await patchSettings({ require_two_factor_for_staff: true }, manager.cookie)).statusCode).toBe(
      403,
    );
    expect((await patchSettings({ base_currency: 'EUR' }, manager.cookie)).statusCode).toBe(403);
    expect((await get('/api/admin/settings', suite.admin.cookie)).json().base_currency).toBe('USD');
    expect((await get('/api/admin/settings', suite.admin.cookie)).json().require_two_factor_for_staff).toBe(
      false,
    );
  });
});

describe('two-factor required for staff', () => {
  it('is refused to an admin without two-factor, who would lock themselves out', async () => {
    const res = await patchSettings({ require_two_factor_for_staff: true }, suite.admin.cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('two_factor_setup_required');
    expect((await get('/api/admin/settings', suite.admin.cookie)).json().require_two_factor_for_staff).toBe(
      false,
    );
    // With their own second factor on, the same admin may require it.
    const { cookie } = await enableTwoFactor(suite.ctx.app, suite.admin);
    suite.admin.cookie = cookie;
    expect((await get('/api/admin/team', suite.admin.cookie)).statusCode).toBe(200);
  });

  it('blocks staff roles without two-factor from the back office until they enable it', async () => {
    const other = await signUpAs(suite.ctx.app, suite.ctx.db, 'admin');
    const on = await patchSettings({ require_two_factor_for_staff: true }, suite.admin.cookie);
    expect(on.json()).toEqual({ require_two_factor_for_staff: true, base_currency: 'USD' });

    const blocked = await get('/api/admin/team', other.cookie);
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json()).toEqual(TWO_FACTOR_REQUIRED);
    const blockedWrite = await patchSettings({ require_two_factor_for_staff: false }, other.cookie);
    expect(blockedWrite.json()).toEqual(TWO_FACTOR_REQUIRED);

    // Still reachable: who am I (for the user menu), the setting itself, and the storefront's /api/me.
    expect((await get('/api/admin/me', other.cookie)).statusCode).toBe(200);
    expect((await get('/api/admin/settings', other.cookie)).json()).toEqual({
      require_two_factor_for_staff: true,
      base_currency: 'USD',
    });
    expect((await get('/api/me', other.cookie)).json().user.two_factor_enabled).toBe(false);

    const { cookie } = await enableTwoFactor(suite.ctx.app, other);
    expect((await get('/api/admin/team', cookie)).statusCode).toBe(200);
  });

  it('answers two_factor_required on every admin route but who-am-I and reading settings', async () => {
    const staff = await signUpAs(suite.ctx.app, suite.ctx.db, 'staff');
    const lateAdmin = await signUpAs(suite.ctx.app, suite.ctx.db, 'admin');
    await patchSettings({ require_two_factor_for_staff: true }, suite.admin.cookie);
    for (const [key, permission] of Object.entries(ADMIN_ROUTE_PERMISSIONS)) {
      const [method, path] = key.split(' ') as [string, string];
      const url = path.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');
      const exempt = key === 'GET /api/admin/me' || key === 'GET /api/admin/settings';
      const staffMay = permission === 'member' || ROLE_PERMISSIONS.staff.includes(permission);
      for (const who of staffMay ? [staff, lateAdmin] : [lateAdmin]) {
        const res = await suite.ctx.app.inject({
          method: method as 'GET',
          url,
          headers: { cookie: who.cookie },
          ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
        });
        if (exempt) expect(res.statusCode, key).toBe(200);
        else expect(res.json(), key).toEqual(TWO_FACTOR_REQUIRED);
      }
    }
    await patchSettings({ require_two_factor_for_staff: false }, suite.admin.cookie);
  });

  it('leaves staff roles alone when the setting is off again', async () => {
    const manager = await signUpAs(suite.ctx.app, suite.ctx.db, 'manager');
    const staffAdmin = await signUpAs(suite.ctx.app, suite.ctx.db, 'admin');
    await patchSettings({ require_two_factor_for_staff: true }, suite.admin.cookie);
    expect((await get('/api/admin/emails', staffAdmin.cookie)).statusCode).toBe(403);
    await patchSettings({ require_two_factor_for_staff: false }, suite.admin.cookie);
    expect((await get('/api/admin/emails', staffAdmin.cookie)).statusCode).toBe(200);
    // A manager is refused by role first (403 forbidden), never by the two-factor rule.
    expect((await get('/api/admin/team', manager.cookie)).json().error.code).toBe('forbidden');
  });
});
