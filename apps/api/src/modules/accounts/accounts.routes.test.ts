import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, signUp } from '../../../test/sessions.ts';
import { createTestApp, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => ctx?.close());

const me = (cookie?: string) =>
  ctx.app.inject({ method: 'GET', url: '/api/me', headers: cookie ? { cookie } : {} });

describe('sessions', () => {
  it('signs up a customer with first and last name in the profile, signed in at once', async () => {
    const user = await signUp(ctx.app, { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace' });
    const res = await me(user.cookie);
    expect(res.json()).toMatchObject({
      user: { email: 'ada@example.com', two_factor_enabled: false },
      profile: { first_name: 'Ada', last_name: 'Lovelace', role: 'customer' },
    });
  });

  it('stores empty names when none are given', async () => {
    const user = await signUp(ctx.app);
    expect((await me(user.cookie)).json().profile).toMatchObject({ first_name: '', last_name: '' });
  });

  it('sets an HttpOnly, SameSite=Lax session cookie', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: 'cookie@example.com', password: 'long-enough-1', name: 'c' },
    });
    const cookie = [res.headers['set-cookie']].flat().find((c) => c?.startsWith('cartwheel.session_token='));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it('signs in with the right password and refuses a wrong one with our error shape', async () => {
    const user = await signUp(ctx.app);
    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: user.email, password: user.password },
    });
    expect(ok.statusCode).toBe(200);
    expect((await me(cookieFrom(ok))).json().user.email).toBe(user.email);

    const bad = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: user.email, password: 'wrong-password' },
    });
    expect(bad.statusCode).toBe(401);
    expect(bad.json()).toEqual({
      error: { code: 'invalid_email_or_password', message: 'Invalid email or password' },
    });
  });

  it('rejects a password shorter than 8 characters', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: 'short@example.com', password: 'short12', name: 's' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('password_too_short');
  });

  it('says when an email is already registered', async () => {
    const user = await signUp(ctx.app);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: user.email, password: 'another-password', name: 'x' },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().error.message).toMatch(/already/i);
  });

  it('signs out: the old cookie no longer identifies anyone', async () => {
    const user = await signUp(ctx.app);
    const out = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: user.cookie },
    });
    expect(out.statusCode).toBe(200);
    expect((await me(user.cookie)).json()).toEqual({ user: null, profile: null });
  });

  it('answers /api/me with nulls when signed out', async () => {
    expect((await me()).json()).toEqual({ user: null, profile: null });
  });
});
