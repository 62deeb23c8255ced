import type { Role } from '@cartwheel/shared/constants';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import * as OTPAuth from 'otpauth';
import { expect } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { profiles } from '../src/db/schema.ts';

export const TEST_PASSWORD = 'correct-horse-battery';
let counter = 0;
let addresses = 0;

/** The cookie header a browser would send back after this response. */
export function cookieFrom(res: LightMyRequestResponse): string {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  cookie: string;
}

/** Signs a new user up through the real endpoint; returns their session cookie. */
export async function signUp(
  app: FastifyInstance,
  fields: { email?: string; password?: string; firstName?: string; lastName?: string } = {},
): Promise<TestUser> {
  const email = fields.email ?? `user${++counter}-${Date.now()}@example.com`;
  const password = fields.password ?? TEST_PASSWORD;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { email, password, name: email, firstName: fields.firstName, lastName: fields.lastName },
    // Each test user signs up from an address of its own, as real shoppers do: per-IP rate limits
    // (accounts/rate-limit.ts) then never trip in a test that signs up many users.
    remoteAddress: `10.200.${Math.floor(++addresses / 250) % 250}.${addresses % 250}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { id: res.json().user.id, email, password, cookie: cookieFrom(res) };
}

/** A signed-in user with the given role. */
export async function signUpAs(app: FastifyInstance, db: Db, role: Role): Promise<TestUser> {
  const user = await signUp(app);
  if (role !== 'customer') await db.update(profiles).set({ role }).where(eq(profiles.id, user.id));
  return user;
}

/** Turns on TOTP for a signed-in user; returns the authenticator and the session cookie to use next. */
export async function enableTwoFactor(
  app: FastifyInstance,
  user: TestUser,
): Promise<{ totp: OTPAuth.TOTP; cookie: string }> {
  const enable = await app.inject({
    method: 'POST',
    url: '/api/auth/two-factor/enable',
    payload: { password: user.password },
    headers: { cookie: user.cookie },
  });
  expect(enable.statusCode, enable.body).toBe(200);
  const { totpURI, backupCodes } = enable.json();
  expect(backupCodes.length).toBeGreaterThan(0);
  const totp = OTPAuth.URI.parse(totpURI) as OTPAuth.TOTP;
  const verify = await app.inject({
    method: 'POST',
    url: '/api/auth/two-factor/verify-totp',
    payload: { code: totp.generate() },
    headers: { cookie: user.cookie },
  });
  expect(verify.statusCode, verify.body).toBe(200);
  return { totp, cookie: cookieFrom(verify) || user.cookie };
}
