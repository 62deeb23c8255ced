import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { appPerFile } from '../../../test/commerce-app.ts';
import { signUp } from '../../../test/sessions.ts';
import { testPasswordHashing } from '../../../test/test-passwords.ts';
import { buildApp } from '../../app.ts';
import { queryRows } from '../../db/client.ts';
import { hitRateLimit, RATE_LIMITED_MESSAGE } from './rate-limit.ts';

const suite = appPerFile();

let ipCounter = 0;
/** A fresh client address per test, so tests don't share per-IP counters. */
const newIp = () => `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

const signIn = (app: FastifyInstance, email: string, password: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password }, remoteAddress });

/**
 * A sign-in attempt that fails fast (no password, so no hash is checked) but counts like any other:
 * keeps the tests that only need "ten attempts already made" quick.
 */
const quickAttempt = (app: FastifyInstance, email: string, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email }, remoteAddress });

/** Posts to `url` `count` times from one fresh address; the status of the last answer. */
async function lastStatusFromOneIp(
  count: number,
  url: string,
  payload: (i: number) => object,
): Promise<number> {
  const remoteAddress = newIp();
  let last = 0;
  for (let i = 0; i < count; i++) {
    last = (await suite.ctx.app.inject({ method: 'POST', url, payload: payload(i), remoteAddress }))
      .statusCode;
  }
  return last;
}

describe('rate limits on sign-in', () => {
  it('answers the 11th attempt for one email within a minute with 429, a clear message and Retry-After', async () => {
    const user = await signUp(suite.ctx.app);
    for (let i = 1; i <= 10; i++) {
      const res = await signIn(suite.ctx.app, user.email, 'wrong-password', newIp());
      expect(res.statusCode, `attempt ${i}`).toBe(401);
    }
    const eleventh = await signIn(suite.ctx.app, user.email, 'wrong-password', newIp());
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toEqual({ error: { code: 'rate_limited', message: RATE_LIMITED_MESSAGE } });
    const retryAfter = Number(eleventh.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    // Even the right password waits: the limit is on attempts, not on failures.
    const right = await signIn(suite.ctx.app, user.email, user.password, newIp());
    expect(right.statusCode).toBe(429);
    expect(right.headers['set-cookie']).toBeUndefined();
  });

  it('counts the email case-insensitively', async () => {
    const user = await signUp(suite.ctx.app);
    for (let i = 0; i < 10; i++) await quickAttempt(suite.ctx.app, user.email.toUpperCase(), newIp());
    expect((await signIn(suite.ctx.app, user.email, user.password, newIp())).statusCode).toBe(429);
  });

  it('does not hold one email’s attempts against another email', async () => {
    const victim = await signUp(suite.ctx.app);
    const other = await signUp(suite.ctx.app);
    for (let i = 0; i < 11; i++) await quickAttempt(suite.ctx.app, victim.email, newIp());
    expect((await signIn(suite.ctx.app, other.email, other.password, newIp())).statusCode).toBe(200);
  });

  it('limits one IP address to 30 sign-in attempts a minute across emails', async () => {
    const ip = newIp();
    for (let i = 0; i < 30; i++) {
      const res = await quickAttempt(suite.ctx.app, `nobody-${i}@example.com`, ip);
      expect(res.statusCode, `attempt ${i + 1}`).toBe(400);
    }
    const user = await signUp(suite.ctx.app);
    expect((await signIn(suite.ctx.app, user.email, user.password, ip)).statusCode).toBe(429);
    expect((await signIn(suite.ctx.app, user.email, user.password, newIp())).statusCode).toBe(200);
  });

  it('lets attempts through again once the window has passed', async () => {
    const user = await signUp(suite.ctx.app);
    for (let i = 0; i < 11; i++) await quickAttempt(suite.ctx.app, user.email, newIp());
    expect((await signIn(suite.ctx.app, user.email, user.password, newIp())).statusCode).toBe(429);
    await suite.ctx.db.execute(
      sql`UPDATE rate_limits SET window_start = now() - interval '61 seconds' WHERE key = ${`sign-in:email:${user.email}`}`,
    );
    expect((await signIn(suite.ctx.app, user.email, user.password, newIp())).statusCode).toBe(200);
  });

  it('shares the counts between API processes on the same database', async () => {
    const second = await buildApp(suite.ctx.config, { db: suite.ctx.db, testPasswordHashing });
    await second.ready();
    try {
      const user = await signUp(suite.ctx.app);
      for (let i = 0; i < 5; i++) await quickAttempt(suite.ctx.app, user.email, newIp());
      for (let i = 0; i < 5; i++) await quickAttempt(second, user.email, newIp());
      expect((await signIn(suite.ctx.app, user.email, user.password, newIp())).statusCode).toBe(429);
      expect((await signIn(second, user.email, user.password, newIp())).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });

  it('multiplies every limit by AUTH_RATE_LIMIT_FACTOR', async () => {
    const second = await buildApp(
      { ...suite.ctx.config, authRateLimitFactor: 3 },
      { db: suite.ctx.db, testPasswordHashing },
    );
    await second.ready();
    try {
      const user = await signUp(suite.ctx.app);
      for (let i = 1; i <= 30; i++) {
        expect((await quickAttempt(second, user.email, newIp())).statusCode, `attempt ${i}`).not.toBe(429);
      }
      expect((await signIn(second, user.email, user.password, newIp())).statusCode).toBe(429);
      // The same database with the listed limits: the email is over them already.
      expect((await signIn(suite.ctx.app, user.email, user.password, newIp())).statusCode).toBe(429);
    } finally {
      await second.close();
    }
  });

  it('cannot be dodged with a trailing slash or different letter case in the path', async () => {
    const user = await signUp(suite.ctx.app);
    for (let i = 0; i < 10; i++) await quickAttempt(suite.ctx.app, user.email, newIp());
    for (const url of [
      '/api/auth/sign-in/email/',
      '/api/auth/Sign-In/email',
      '/api/auth/sign-in/email?x=1',
    ]) {
      const res = await suite.ctx.app.inject({
        method: 'POST',
        url,
        payload: { email: user.email, password: user.password },
        remoteAddress: newIp(),
      });
      expect([404, 429], url).toContain(res.statusCode);
    }
  });
});

describe('rate limits on sign-up, password reset and two-factor', () => {
  it('limits sign-ups from one IP address to 30 a minute', async () => {
    const ip = newIp();
    for (let i = 0; i < 30; i++) {
      // Refused for a short password (no hashing, so quick), but counted all the same.
      const res = await suite.ctx.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: { email: `burst-${i}@example.com`, password: 'short', name: 'x' },
        remoteAddress: ip,
      });
      expect(res.statusCode, `sign-up ${i + 1}`).toBe(400);
    }
    const res = await suite.ctx.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: 'burst-31@example.com', password: 'long-enough-1', name: 'x' },
      remoteAddress: ip,
    });
    expect(res.statusCode).toBe(429);
    const [row] = await queryRows<{ n: number }>(
      suite.ctx.db,
      sql`SELECT count(*)::int AS n FROM users WHERE email = 'burst-31@example.com'`,
    );
    expect(row!.n).toBe(0);
  });

  it('limits reset emails to 5 a minute per address, sending no more mail after that', async () => {
    const user = await signUp(suite.ctx.app);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await suite.ctx.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        payload: { email: user.email },
        remoteAddress: newIp(),
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const [row] = await queryRows<{ n: number }>(
      suite.ctx.db,
      sql`SELECT count(*)::int AS n FROM email_outbox WHERE "to" = ${user.email} AND kind = 'password_reset'`,
    );
    expect(row!.n).toBe(5);
  });

  it('limits two-factor code attempts per IP address', async () => {
    const last = await lastStatusFromOneIp(31, '/api/auth/two-factor/verify-totp', () => ({
      code: '123456',
    }));
    expect(last).toBe(429);
  });

  it('limits reset-password submissions per IP address', async () => {
    const last = await lastStatusFromOneIp(31, '/api/account/reset-password', (i) => ({
      token: `guess-${i}`,
      newPassword: 'new-password-1',
    }));
    expect(last).toBe(429);
  });
});

describe('hitRateLimit', () => {
  it('counts concurrent attempts exactly once each', async () => {
    const key = `test:concurrent:${Date.now()}`;
    const results = await Promise.all(
      Array.from({ length: 20 }, () => hitRateLimit(suite.ctx.db, [{ key, limit: 15 }], 60)),
    );
    expect(results.filter((r) => r.ok)).toHaveLength(15);
    const [row] = await queryRows<{ count: number }>(
      suite.ctx.db,
      sql`SELECT count FROM rate_limits WHERE key = ${key}`,
    );
    expect(Number(row!.count)).toBe(20);
  });
});
