import { hashPassword } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/sessions.ts';
import { createTestApp, openTestDatabase, type TestContext } from '../../../test/test-app.ts';
import { testPasswordHashing } from '../../../test/test-passwords.ts';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { accounts } from './accounts.schema.ts';

// The API tests hash passwords cheaply (apps/api/test/test-passwords.ts); a server never may.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(async () => {
  await ctx?.close();
});

const signIn = (email: string, password: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', payload: { email, password } });

describe('the test password hash', () => {
  it('is refused by buildApp outside NODE_ENV=test, before anything is built', async () => {
    const database = await openTestDatabase();
    try {
      for (const env of [
        { NODE_ENV: 'production', AUTH_SECRET: 'p'.repeat(40), ALLOW_TEST_PAYMENTS: 'true' },
        { NODE_ENV: 'development' },
      ]) {
        const config = loadConfig({ ...env, LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent-test-data' });
        await expect(buildApp(config, { db: database.db, testPasswordHashing })).rejects.toThrow(
          'A test password hash is only for NODE_ENV=test',
        );
      }
    } finally {
      await database.close();
    }
  });

  it('is what createTestApp signs users up with, and it checks passwords', async () => {
    const user = await signUp(ctx.app);
    const [account] = await ctx.db
      .select({ password: accounts.password })
      .from(accounts)
      .where(eq(accounts.userId, user.id));
    expect(account?.password).toMatch(/^test-scrypt:[0-9a-f]{32}:[0-9a-f]{128}$/);
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
    expect((await signIn(user.email, `${user.password}!`)).statusCode).toBe(401);
  });

  it("still verifies Better Auth's own hashes (the demo accounts')", async () => {
    const hash = await hashPassword('demo1234');
    expect(await testPasswordHashing.verify({ hash, password: 'demo1234' })).toBe(true);
    expect(await testPasswordHashing.verify({ hash, password: 'demo12345' })).toBe(false);
  });
});
