import { createHash } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appPerFile } from '../../../test/commerce-app.ts';
import { cookieFrom, enableTwoFactor, signUp } from '../../../test/sessions.ts';
import { emailOutbox } from '../email/email.schema.ts';
import { sessions, verifications } from './accounts.schema.ts';

const suite = appPerFile();

const me = (cookie?: string) =>
  suite.ctx.app.inject({ method: 'GET', url: '/api/me', headers: cookie ? { cookie } : {} });

describe('sessions', () => {
  it('signs up a customer with first and last name in the profile, signed in at once', async () => {
    const user = await signUp(suite.ctx.app, {
      email: 'ada@example.com',
      firstName: 'Ada',
      lastName: 'Lovelace',
    });
    const res = await me(user.cookie);
    expect(res.json()).toMatchObject({
      user: { email: 'ada@example.com', two_factor_enabled: false },
      profile: { first_name: 'Ada', last_name: 'Lovelace', role: 'customer' },
    });
  });

  it('stores empty names when none are given', async () => {
    const user = await signUp(suite.ctx.app);
    expect((await me(user.cookie)).json().profile).toMatchObject({ first_name: '', last_name: '' });
  });

  it('sets an HttpOnly, SameSite=Lax session cookie', async () => {
    const res = await suite.ctx.app.inject({
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
    const user = await signUp(suite.ctx.app);
    const ok = await suite.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: user.email, password: user.password },
    });
    expect(ok.statusCode).toBe(200);
    expect((await me(cookieFrom(ok))).json().user.email).toBe(user.email);

    const bad = await suite.ctx.app.inject({
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
    const res = await suite.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: 'short@example.com', password: 'short12', name: 's' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('password_too_short');
  });

  it('says when an email is already registered', async () => {
    const user = await signUp(suite.ctx.app);
    const res = await suite.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: user.email, password: 'another-password', name: 'x' },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(res.json().error.message).toMatch(/already/i);
  });

  it('signs out: the old cookie no longer identifies anyone', async () => {
    const user = await signUp(suite.ctx.app);
    const out = await suite.ctx.app.inject({
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

const signIn = (email: string, password: string) =>
  suite.ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password } });

const requestReset = (email: string, extra: Record<string, unknown> = {}) =>
  suite.ctx.app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    payload: { email, ...extra },
  });

const resetPassword = (token: string, newPassword: string, cookie?: string) =>
  suite.ctx.app.inject({
    method: 'POST',
    url: '/api/account/reset-password',
    payload: { token, newPassword },
    headers: cookie ? { cookie } : {},
  });

/** The link in the newest reset email to `email`. */
async function resetLinkFor(email: string): Promise<URL> {
  const [mail] = await suite.ctx.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.to, email))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  expect(mail?.kind).toBe('password_reset');
  const link = mail!.text.match(/https?:\/\/\S+/)?.[0];
  expect(link).toBeDefined();
  return new URL(link!);
}

describe('password reset', () => {
  it('emails a one-time link to /auth?mode=reset on the public URL', async () => {
    const user = await signUp(suite.ctx.app);
    const res = await requestReset(user.email);
    expect(res.statusCode).toBe(200);
    const link = await resetLinkFor(user.email);
    expect(link.origin).toBe(suite.ctx.config.publicUrl);
    expect(link.pathname).toBe('/auth');
    expect(link.searchParams.get('mode')).toBe('reset');
    expect(link.searchParams.get('token')).toBeTruthy();
  });

  it('sends the back office to its own sign-in page when asked with redirectTo /admin/auth', async () => {
    const user = await signUp(suite.ctx.app);
    await requestReset(user.email, { redirectTo: '/admin/auth' });
    const link = await resetLinkFor(user.email);
    expect(link.pathname).toBe('/admin/auth');
    expect(link.searchParams.get('mode')).toBe('reset');
  });

  it('answers an unknown email exactly like a known one and sends nothing', async () => {
    const user = await signUp(suite.ctx.app);
    const known = await requestReset(user.email);
    const unknown = await requestReset('nobody-here@example.com');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    const sent = await suite.ctx.db
      .select()
      .from(emailOutbox)
      .where(eq(emailOutbox.to, 'nobody-here@example.com'));
    expect(sent).toEqual([]);
  });

  it('sets the new password, ends old sessions and signs the user in with a new one', async () => {
    const user = await signUp(suite.ctx.app, { firstName: 'Grace', lastName: 'Hopper' });
    const otherDevice = cookieFrom(await signIn(user.email, user.password));
    await requestReset(user.email);
    const token = (await resetLinkFor(user.email)).searchParams.get('token')!;

    const res = await resetPassword(token, 'brand-new-password');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      user: { id: user.id, email: user.email },
      profile: { first_name: 'Grace', last_name: 'Hopper', role: 'customer' },
    });
    const newCookie = cookieFrom(res);
    expect(newCookie).toContain('cartwheel.session_token=');
    const setCookie = [res.headers['set-cookie']].flat().join('\n');
    expect(setCookie).toMatch(/HttpOnly/i);

    expect((await me(newCookie)).json().user.email).toBe(user.email);
    expect((await me(user.cookie)).json().user).toBeNull();
    expect((await me(otherDevice)).json().user).toBeNull();
    expect(await suite.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(1);

    expect((await signIn(user.email, user.password)).statusCode).toBe(401);
    expect((await signIn(user.email, 'brand-new-password')).statusCode).toBe(200);
  });

  it('accepts a link once; the second use is a 400 with a clear message and changes nothing', async () => {
    const user = await signUp(suite.ctx.app);
    await requestReset(user.email);
    const token = (await resetLinkFor(user.email)).searchParams.get('token')!;
    expect((await resetPassword(token, 'first-new-password')).statusCode).toBe(200);

    const again = await resetPassword(token, 'second-new-password');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      error: { code: 'invalid_reset_link', message: 'This reset link is invalid or has expired' },
    });
    expect(again.headers['set-cookie']).toBeUndefined();
    expect((await signIn(user.email, 'second-new-password')).statusCode).toBe(401);
    expect((await signIn(user.email, 'first-new-password')).statusCode).toBe(200);
  });

  it('refuses a made-up token with the same message', async () => {
    const res = await resetPassword('not-a-real-token', 'brand-new-password');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('This reset link is invalid or has expired');
  });

  it('refuses a short new password without using up the link', async () => {
    const user = await signUp(suite.ctx.app);
    await requestReset(user.email);
    const token = (await resetLinkFor(user.email)).searchParams.get('token')!;
    const short = await resetPassword(token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toMatch(/at least 8 characters/);
    expect((await me(user.cookie)).json().user.email).toBe(user.email);
    expect((await resetPassword(token, 'long-enough-now')).statusCode).toBe(200);
  });

  it('stores a hash of the reset token, never the token itself', async () => {
    const user = await signUp(suite.ctx.app);
    await requestReset(user.email);
    const token = (await resetLinkFor(user.email)).searchParams.get('token')!;
    const rows = await suite.ctx.db.select().from(verifications);
    expect(rows.some((row) => row.identifier.includes(token))).toBe(false);
    expect(rows.map((row) => row.identifier)).toContain(storedIdentifier(`reset-password:${token}`));
    expect((await resetPassword(token, 'brand-new-password')).statusCode).toBe(200);
  });

  it('refuses an expired link', async () => {
    const user = await signUp(suite.ctx.app);
    await requestReset(user.email);
    const token = (await resetLinkFor(user.email)).searchParams.get('token')!;
    await suite.ctx.db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.identifier, storedIdentifier(`reset-password:${token}`)));
    const res = await resetPassword(token, 'brand-new-password');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_reset_link');
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
  });
});

describe('two-factor sign-in', () => {
  it('asks for the code after the password and signs in with a code computed from the secret', async () => {
    const user = await signUp(suite.ctx.app);
    const { totp, cookie } = await enableTwoFactor(suite.ctx.app, user);
    expect((await me(cookie)).json().user.two_factor_enabled).toBe(true);

    const first = await signIn(user.email, user.password);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ twoFactorRedirect: true });
    const pending = cookieFrom(first);
    expect((await me(pending)).json().user).toBeNull();

    const wrong = await suite.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      payload: { code: totp.generate() === '000000' ? '111111' : '000000' },
      headers: { cookie: pending },
    });
    expect(wrong.statusCode).toBeGreaterThanOrEqual(400);
    expect(wrong.statusCode).toBeLessThan(500);
    expect(wrong.json().error.message).toBeTruthy();

    const verify = await suite.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      payload: { code: totp.generate() },
      headers: { cookie: pending },
    });
    expect(verify.statusCode, verify.body).toBe(200);
    expect((await me(cookieFrom(verify))).json().user.email).toBe(user.email);
  });

  it('does not let a password reset skip the code: the password changes, but no session is made', async () => {
    const user = await signUp(suite.ctx.app);
    await enableTwoFactor(suite.ctx.app, user);
    await requestReset(user.email);
    const token = (await resetLinkFor(user.email)).searchParams.get('token')!;
    const res = await resetPassword(token, 'brand-new-password');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: null, profile: null });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect((await signIn(user.email, 'brand-new-password')).json()).toMatchObject({
      twoFactorRedirect: true,
    });
  });
});

/** How a verification identifier is stored: SHA-256, base64url without padding. */
function storedIdentifier(identifier: string): string {
  return createHash('sha256').update(identifier).digest('base64url');
}
