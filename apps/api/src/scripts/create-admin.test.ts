import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom, signUp } from '../../test/sessions.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { profiles, sessions } from '../modules/accounts/accounts.schema.ts';
import { type Auth, createAuth } from '../modules/accounts/auth.ts';
import { createOutboxMailer } from '../modules/email/mailer.ts';
import { createAdmin, parseCreateAdminArgs } from './create-admin.ts';

let ctx: TestContext;
let auth: Auth;
beforeAll(async () => {
  ctx = await createTestApp();
  auth = createAuth(ctx.config, ctx.db, createOutboxMailer(ctx.db));
});
afterAll(async () => ctx?.close());

const signIn = (email: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password } });

describe('create-admin', () => {
  it('creates an admin who can sign in and manage the team', async () => {
    const result = await createAdmin(auth, ctx.db, {
      email: ' Owner@Shop.test ',
      password: 'owner-password',
    });
    expect(result).toMatchObject({ email: 'owner@shop.test', created: true });
    expect(await ctx.db.select().from(sessions).where(eq(sessions.userId, result.userId))).toEqual([]);

    const res = await signIn('owner@shop.test', 'owner-password');
    expect(res.statusCode).toBe(200);
    const team = await ctx.app.inject({ url: '/api/admin/team', headers: { cookie: cookieFrom(res) } });
    expect(team.statusCode).toBe(200);
    expect(team.json().items).toEqual([
      expect.objectContaining({ user_id: result.userId, email: 'owner@shop.test', role: 'admin' }),
    ]);
  });

  it('promotes an existing account and leaves its password alone', async () => {
    const user = await signUp(ctx.app, { email: 'existing@shop.test' });
    const result = await createAdmin(auth, ctx.db, {
      email: 'EXISTING@shop.test',
      password: 'ignored-password',
    });
    expect(result).toEqual({ userId: user.id, email: 'existing@shop.test', created: false });
    const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.id, user.id));
    expect(profile!.role).toBe('admin');
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
    expect((await signIn(user.email, 'ignored-password')).statusCode).toBe(401);
  });

  it('needs a password of at least 8 characters for a new account, and creates nothing without one', async () => {
    await expect(createAdmin(auth, ctx.db, { email: 'new@shop.test' })).rejects.toThrow(/give a password/);
    await expect(createAdmin(auth, ctx.db, { email: 'new@shop.test', password: 'short' })).rejects.toThrow(
      /at least 8 characters/,
    );
    expect((await signIn('new@shop.test', 'short')).statusCode).toBe(401);
  });

  it('reads --email and --password in both spellings', () => {
    expect(parseCreateAdminArgs(['--create-admin', '--email', 'a@b.c', '--password=p w'])).toEqual({
      email: 'a@b.c',
      password: 'p w',
    });
    expect(parseCreateAdminArgs(['--email=a@b.c'])).toEqual({ email: 'a@b.c' });
    expect(parseCreateAdminArgs([])).toEqual({});
  });
});
