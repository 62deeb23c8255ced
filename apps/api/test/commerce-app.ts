import { afterAll, afterEach, beforeAll } from 'vitest';
import { signUpAs, type TestUser } from './sessions.ts';
import { createTestApp, type TestContext } from './test-app.ts';

type Env = Parameters<typeof createTestApp>[0];
type Deps = Parameters<typeof createTestApp>[1];

/**
 * One app on a fresh database for the whole test file: built before the first test, closed after
 * the last. Read `suite.ctx` inside tests (it is set once `beforeAll` has run).
 */
export function appPerFile(env: Env = {}): { readonly ctx: TestContext } {
  let ctx: TestContext | undefined;
  beforeAll(async () => {
    ctx = await createTestApp(env);
  });
  afterAll(async () => ctx?.close());
  return {
    get ctx() {
      if (!ctx) throw new Error('the test app is built in beforeAll');
      return ctx;
    },
  };
}

/** appPerFile with a signed-in admin, for the back-office tests. */
export function appWithAdminPerFile(env: Env = {}): { readonly ctx: TestContext; readonly admin: TestUser } {
  const suite = appPerFile(env);
  let admin: TestUser | undefined;
  beforeAll(async () => {
    admin = await signUpAs(suite.ctx.app, suite.ctx.db, 'admin');
  });
  return {
    get ctx() {
      return suite.ctx;
    },
    get admin() {
      if (!admin) throw new Error('the admin signs up in beforeAll');
      return admin;
    },
  };
}

/**
 * A fresh app for each test that asks for one: `open()` builds it on a new database, and it is
 * closed after the test. `ctx` is the current test's app.
 */
export function appPerTest(): {
  open(env?: Env, deps?: Deps): Promise<TestContext>;
  readonly ctx: TestContext;
} {
  let ctx: TestContext | undefined;
  afterEach(async () => {
    await ctx?.close();
    ctx = undefined;
  });
  return {
    async open(env = {}, deps = {}) {
      ctx = await createTestApp(env, deps);
      return ctx;
    },
    get ctx() {
      if (!ctx) throw new Error('this test has not opened an app');
      return ctx;
    },
  };
}
