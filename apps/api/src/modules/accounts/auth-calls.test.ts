import { describe, expect, it } from 'vitest';
import { appPerFile } from '../../../test/commerce-app.ts';
import { signUp } from '../../../test/sessions.ts';
import { betterAuthCall, betterAuthStores } from './auth-calls.ts';

// Better Auth's AsyncLocalStorage stores make every promise in the process pay for async hooks while
// they are enabled (Node 20): they must be enabled only while a Better Auth call runs (auth-calls.ts).

const suite = appPerFile();

/** Node's own flag on an AsyncLocalStorage (true between its first run() and disable()). */
const enabled = () => betterAuthStores().map((store) => (store as unknown as { enabled: boolean }).enabled);

describe('calls into Better Auth', () => {
  it('leave its AsyncLocalStorage stores disabled once none is running', async () => {
    const user = await signUp(suite.ctx.app);
    // Still where Better Auth keeps them: a rename in an upgrade must show up here.
    expect(betterAuthStores()).toHaveLength(3);
    expect(enabled()).toEqual([false, false, false]);

    // A signed-in request reads the session through Better Auth (nothing cached yet for this cookie).
    const me = await suite.ctx.app.inject({
      method: 'GET',
      url: '/api/me',
      headers: { cookie: user.cookie },
    });
    expect(me.json().user.id).toBe(user.id);
    expect(enabled()).toEqual([false, false, false]);
  });

  it('keep them enabled while another call is still running', async () => {
    const user = await signUp(suite.ctx.app);
    await betterAuthCall(async () => {
      const signIn = await suite.ctx.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: user.email, password: user.password },
      });
      expect(signIn.statusCode).toBe(200);
      // The sign-in is done, but this outer call is not: its context must survive.
      expect(enabled()).toContain(true);
    });
    expect(enabled()).toEqual([false, false, false]);
  });
});
