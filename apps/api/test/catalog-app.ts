import type { LightMyRequestResponse } from 'fastify';
import { beforeAll } from 'vitest';
import { appPerFile } from './commerce-app.ts';
import { signUpAs } from './sessions.ts';
import type { TestContext } from './test-app.ts';

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface ManagerSuite {
  readonly ctx: TestContext;
  /** The signed-in manager's session cookie. */
  readonly manager: string;
  /** A signed-in staff member's session cookie (with `{ staff: true }` only). */
  readonly staff: string;
  /** A request as the manager (or as whoever `cookie` belongs to), with a JSON body when given one. */
  call(method: Method, url: string, payload?: unknown, cookie?: string): Promise<LightMyRequestResponse>;
}

/**
 * One app on a fresh database for the whole test file, with a signed-in manager (and, when asked,
 * a staff member): the back office's catalog tests. Called inside a `describe`, the app is that
 * block's own.
 */
export function managerAppPerFile(
  options: { env?: Record<string, string>; staff?: boolean } = {},
): ManagerSuite {
  const app = appPerFile(options.env);
  let manager: string | undefined;
  let staff: string | undefined;
  beforeAll(async () => {
    manager = (await signUpAs(app.ctx.app, app.ctx.db, 'manager')).cookie;
    if (options.staff) staff = (await signUpAs(app.ctx.app, app.ctx.db, 'staff')).cookie;
  });
  const suite: ManagerSuite = {
    get ctx() {
      return app.ctx;
    },
    get manager() {
      if (!manager) throw new Error('the manager signs up in beforeAll');
      return manager;
    },
    get staff() {
      if (!staff) throw new Error('ask managerAppPerFile for { staff: true }');
      return staff;
    },
    call: (method, url, payload, cookie = suite.manager) =>
      app.ctx.app.inject({
        method,
        url,
        headers: { cookie },
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
  };
  return suite;
}
