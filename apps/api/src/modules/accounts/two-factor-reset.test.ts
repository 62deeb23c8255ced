import { describe, expect, it } from 'vitest';
import { appWithAdminPerFile } from '../../../test/commerce-app.ts';
import { enableTwoFactor, signUpAs } from '../../../test/sessions.ts';

describe("an admin resets a staff member's lost second factor", () => {
  const suite = appWithAdminPerFile();
  const post = (url: string, cookie: string) =>
    suite.ctx.app.inject({ method: 'POST', url, headers: { cookie } });
  const get = (url: string, cookie: string) =>
    suite.ctx.app.inject({ method: 'GET', url, headers: { cookie } });

  it('removes it, ends their sessions, records who did it, and lets them sign in with the password', async () => {
    const staff = await signUpAs(suite.ctx.app, suite.ctx.db, 'staff');
    const { cookie: staffCookie } = await enableTwoFactor(suite.ctx.app, staff);
    expect((await get('/api/admin/me', staffCookie)).statusCode).toBe(200);

    const res = await post(`/api/admin/team/${staff.id}/reset-two-factor`, suite.admin.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ user_id: staff.id, two_factor_enabled: false });

    // Their old session is over at once, and the password alone signs them in again.
    expect((await get('/api/admin/me', staffCookie)).statusCode).toBe(401);
    const signIn = await suite.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: staff.email, password: staff.password },
    });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().twoFactorRedirect).toBeUndefined();

    const log = (await get('/api/admin/audit-log', suite.admin.cookie)).json().items;
    expect(log[0]).toMatchObject({
      action: 'team.two_factor_reset',
      actor_id: suite.admin.id,
      actor_email: suite.admin.email,
      target_type: 'user',
      target_id: staff.id,
      target_label: staff.email,
      changes: { two_factor_enabled: [true, false], sessions: [expect.any(Number), 0] },
    });
  });

  it('is refused for oneself, a customer, a member without two-factor, and anyone below admin', async () => {
    const own = await post(`/api/admin/team/${suite.admin.id}/reset-two-factor`, suite.admin.cookie);
    expect(own.statusCode).toBe(409);
    const customer = await signUpAs(suite.ctx.app, suite.ctx.db, 'customer');
    expect(
      (await post(`/api/admin/team/${customer.id}/reset-two-factor`, suite.admin.cookie)).statusCode,
    ).toBe(404);
    const plain = await signUpAs(suite.ctx.app, suite.ctx.db, 'manager');
    const off = await post(`/api/admin/team/${plain.id}/reset-two-factor`, suite.admin.cookie);
    expect(off.statusCode).toBe(409);
    expect(off.json().error.code).toBe('two_factor_off');

    const target = await signUpAs(suite.ctx.app, suite.ctx.db, 'staff');
    await enableTwoFactor(suite.ctx.app, target);
    expect((await post(`/api/admin/team/${target.id}/reset-two-factor`, plain.cookie)).statusCode).toBe(403);
    const before = (await get('/api/admin/audit-log', suite.admin.cookie)).json().items.length;
    expect(before).toBeLessThanOrEqual(1);
    expect((await get('/api/admin/team', suite.admin.cookie)).json().items).toEqual(
      expect.arrayContaining([expect.objectContaining({ user_id: target.id, two_factor_enabled: true })]),
    );
  });
});
