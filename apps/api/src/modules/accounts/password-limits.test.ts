import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { appPerFile } from '../../../test/commerce-app.ts';
import { signUp, type TestUser } from '../../../test/sessions.ts';
import { queryRows } from '../../db/client.ts';
import { RATE_LIMITED_MESSAGE } from './rate-limit.ts';

const suite = appPerFile();

let ipCounter = 0;
/** A fresh client address per call, so tests don't share per-IP counters. */
const newIp = () => `10.2.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

/** Every route a signed-in user calls with their current password, with a wrong one in the body. */
const PASSWORD_ROUTES: Array<[string, object]> = [
  ['/api/auth/change-password', { currentPassword: 'wrong-password-1', newPassword: 'new-password-1' }],
  ['/api/auth/verify-password', { password: 'wrong-password-1' }],
  ['/api/auth/two-factor/enable', { password: 'wrong-password-1' }],
  ['/api/auth/two-factor/disable', { password: 'wrong-password-1' }],
  ['/api/auth/two-factor/generate-backup-codes', { password: 'wrong-password-1' }],
  ['/api/auth/two-factor/get-totp-uri', { password: 'wrong-password-1' }],
  ['/api/auth/delete-user', { password: 'wrong-password-1' }],
];

const post = (url: string, payload: object, cookie: string | undefined, remoteAddress: string) =>
  suite.ctx.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress,
    ...(cookie ? { headers: { cookie } } : {}),
  });

const wrongChangePassword = (user: TestUser, remoteAddress = newIp()) =>
  post(
    '/api/auth/change-password',
    { currentPassword: 'wrong-password-1', newPassword: 'new-password-1' },
    user.cookie,
    remoteAddress,
  );

const signIn = (email: string, password: string) =>
  post('/api/auth/sign-in/email', { email, password }, undefined, newIp());

async function credentialHash(userId: string): Promise<string> {
  const [row] = await queryRows<{ password: string }>(
    suite.ctx.db,
    sql`SELECT password FROM accounts WHERE user_id = ${userId} AND provider_id = 'credential'`,
  );
  return row!.password;
}

describe('rate limits on routes that check the signed-in user’s password', () => {
  it('limits wrong current passwords on change-password like sign-in', async () => {
    const user = await signUp(suite.ctx.app);
    const hash = await credentialHash(user.id);
    for (let i = 1; i <= 10; i++) {
      expect((await wrongChangePassword(user)).statusCode, `attempt ${i}`).toBe(400);
    }
    const eleventh = await wrongChangePassword(user);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toEqual({ error: { code: 'rate_limited', message: RATE_LIMITED_MESSAGE } });
    const retryAfter = Number(eleventh.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // The right password waits too, and nothing changes.
    const right = await post(
      '/api/auth/change-password',
      { currentPassword: user.password, newPassword: 'new-password-1' },
      user.cookie,
      newIp(),
    );
    expect(right.statusCode).toBe(429);
    expect(await credentialHash(user.id)).toBe(hash);
  });

  it('limits wrong passwords on two-factor enable like sign-in', async () => {
    const user = await signUp(suite.ctx.app);
    for (let i = 1; i <= 10; i++) {
      const res = await post(
        '/api/auth/two-factor/enable',
        { password: 'wrong-password-1' },
        user.cookie,
        newIp(),
      );
      expect(res.statusCode, `attempt ${i}`).toBe(400);
    }
    const eleventh = await post(
      '/api/auth/two-factor/enable',
      { password: user.password },
      user.cookie,
      newIp(),
    );
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().error.code).toBe('rate_limited');
  });

  it('gives one account one budget of guesses across sign-in and every password route', async () => {
    const user = await signUp(suite.ctx.app);
    for (let i = 0; i < 5; i++) expect((await signIn(user.email, 'wrong-password-1')).statusCode).toBe(401);
    for (let i = 0; i < 5; i++) expect((await wrongChangePassword(user)).statusCode).toBe(400);
    for (const [url, payload] of PASSWORD_ROUTES) {
      expect((await post(url, payload, user.cookie, newIp())).statusCode, url).toBe(429);
    }
    expect((await signIn(user.email, user.password)).statusCode).toBe(429);
  });

  it('does not hold one account’s guesses against another account', async () => {
    const victim = await signUp(suite.ctx.app);
    const other = await signUp(suite.ctx.app);
    for (let i = 0; i < 11; i++) await wrongChangePassword(victim);
    expect((await wrongChangePassword(other)).statusCode).toBe(400);
  });

  it('limits one IP address to 30 password checks a minute across accounts', async () => {
    const ip = newIp();
    const users = [await signUp(suite.ctx.app), await signUp(suite.ctx.app), await signUp(suite.ctx.app)];
    for (let i = 0; i < 30; i++) {
      expect((await wrongChangePassword(users[i % 3]!, ip)).statusCode, `attempt ${i + 1}`).toBe(400);
    }
    const fresh = await signUp(suite.ctx.app);
    expect((await wrongChangePassword(fresh, ip)).statusCode).toBe(429);
    expect((await wrongChangePassword(fresh, newIp())).statusCode).toBe(400);
  });

  it('counts attempts without a session per IP address', async () => {
    const ip = newIp();
    for (let i = 0; i < 30; i++) {
      expect((await post('/api/auth/verify-password', { password: 'x' }, undefined, ip)).statusCode).toBe(
        401,
      );
    }
    expect((await post('/api/auth/verify-password', { password: 'x' }, undefined, ip)).statusCode).toBe(429);
  });
});
