import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { appPerFile } from '../../../test/commerce-app.ts';
import { cookieFrom, signUp } from '../../../test/sessions.ts';
import { queryRows } from '../../db/client.ts';
import type { Mailer } from '../email/mailer.ts';
import { createAuth } from './auth.ts';

const suite = appPerFile();

let ipCounter = 0;
/** A fresh client address per test, so tests don't share per-IP counters. */
const newIp = () => `10.3.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

const signUpFrom = (remoteAddress: string, payload: object) =>
  suite.ctx.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', payload, remoteAddress });

/** Ends the current one-minute window of every sign-up counter of `ip`, as if a minute had passed. */
const nextMinute = (ip: string) =>
  suite.ctx.db.execute(
    sql`UPDATE rate_limits SET window_start = now() - interval '61 seconds' WHERE key = ${`sign-up:ip:${ip}`}`,
  );

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ n: number }>(suite.ctx.db, query);
  return Number(row!.n);
}

describe('sign-up as an oracle for which emails have accounts', () => {
  it('limits one IP address to 60 sign-ups an hour, however they are spread over the minutes', async () => {
    const ip = newIp();
    for (let i = 0; i < 60; i++) {
      if (i % 30 === 0) await nextMinute(ip);
      // Refused for a short password (no hashing, so quick), but counted all the same.
      const res = await signUpFrom(ip, { email: `hourly-${i}@example.com`, password: 'short', name: 'x' });
      expect(res.statusCode, `sign-up ${i + 1}`).toBe(400);
    }
    await nextMinute(ip);
    const res = await signUpFrom(ip, {
      email: 'hourly-61@example.com',
      password: 'long-enough-1',
      name: 'x',
    });
    expect(res.statusCode).toBe(429);
    expect(res.json().error.code).toBe('rate_limited');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(60);
    expect(await count(sql`SELECT count(*)::int AS n FROM users WHERE email = 'hourly-61@example.com'`)).toBe(
      0,
    );

    // Another address is not held back.
    const other = await signUpFrom(newIp(), {
      email: 'hourly-61@example.com',
      password: 'long-enough-1',
      name: 'x',
    });
    expect(other.statusCode).toBe(200);
  });

  it('answers an existing email with the usual message and creates or changes nothing', async () => {
    const user = await signUp(suite.ctx.app, { firstName: 'Orig', lastName: 'Inal' });
    const before = {
      users: await count(sql`SELECT count(*)::int AS n FROM users`),
      sessions: await count(sql`SELECT count(*)::int AS n FROM sessions WHERE user_id = ${user.id}`),
    };
    const [account] = await queryRows<{ password: string; updated_at: string }>(
      suite.ctx.db,
      sql`SELECT password, updated_at::text FROM accounts WHERE user_id = ${user.id}`,
    );
    const [userRow] = await queryRows<{ name: string; updated_at: string }>(
      suite.ctx.db,
      sql`SELECT name, updated_at::text FROM users WHERE id = ${user.id}`,
    );

    const res = await signUpFrom(newIp(), {
      email: user.email.toUpperCase(),
      password: 'another-password-1',
      name: 'Someone Else',
      firstName: 'Someone',
      lastName: 'Else',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('user_already_exists_use_another_email');
    expect(res.json().error.message).toMatch(/already exists/i);
    expect(cookieFrom(res)).toBe('');

    expect(await count(sql`SELECT count(*)::int AS n FROM users`)).toBe(before.users);
    expect(await count(sql`SELECT count(*)::int AS n FROM sessions WHERE user_id = ${user.id}`)).toBe(
      before.sessions,
    );
    expect(
      await queryRows(
        suite.ctx.db,
        sql`SELECT password, updated_at::text FROM accounts WHERE user_id = ${user.id}`,
      ),
    ).toEqual([account]);
    expect(
      await queryRows(suite.ctx.db, sql`SELECT name, updated_at::text FROM users WHERE id = ${user.id}`),
    ).toEqual([userRow]);
    expect(
      await queryRows(suite.ctx.db, sql`SELECT first_name, last_name FROM profiles WHERE id = ${user.id}`),
    ).toEqual([{ first_name: 'Orig', last_name: 'Inal' }]);
  });

  it('hashes the password for an existing email as it does for a new one', async () => {
    const mailer = { send: async () => {} } as unknown as Mailer;
    const auth = createAuth(suite.ctx.config, suite.ctx.db, mailer);
    const hash = vi.spyOn((await auth.$context).password, 'hash');
    const signUpDirect = (email: string) =>
      auth.handler(
        new Request(`${suite.ctx.config.publicUrl}/api/auth/sign-up/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: suite.ctx.config.publicUrl },
          body: JSON.stringify({ email, password: 'some-password-1', name: 'x' }),
        }),
      );
    const email = `hash-${Date.now()}@example.com`;
    expect((await signUpDirect(email)).status).toBe(200);
    expect(hash).toHaveBeenCalledTimes(1);
    expect((await signUpDirect(email)).status).toBe(422);
    expect(hash).toHaveBeenCalledTimes(2);
  });
});
