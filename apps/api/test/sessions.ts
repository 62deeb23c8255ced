import type { Role } from '@cartwheel/shared/constants';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../src/db/client.ts';
import { profiles } from '../src/db/schema.ts';

export const TEST_PASSWORD = 'correct-horse-battery';
let counter = 0;

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
