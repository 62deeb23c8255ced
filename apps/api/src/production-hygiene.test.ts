import { afterEach, describe, expect, it } from 'vitest';
import { signUpAs } from '../test/sessions.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';
import { hideSecrets } from './lib/hide-secrets.ts';

const PRODUCTION = {
  NODE_ENV: 'production',
  AUTH_SECRET: 'p'.repeat(40),
  ALLOW_TEST_PAYMENTS: 'true',
  PUBLIC_URL: 'http://localhost:3000',
};

describe('production hygiene', () => {
  let ctx: TestContext | undefined;
  afterEach(async () => {
    await ctx?.close();
    ctx = undefined;
  });

  it('does not publish the API documents in production unless API_DOCS=on', async () => {
    ctx = await createTestApp(PRODUCTION);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(404);
    await ctx.close();
    ctx = await createTestApp({ ...PRODUCTION, API_DOCS: 'on' });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
  });

  it("hides a reset link's token from admins reading the outbox in production", async () => {
    ctx = await createTestApp(PRODUCTION);
    const admin = await signUpAs(ctx.app, ctx.db, 'admin');
    const shopper = await signUpAs(ctx.app, ctx.db, 'customer');
    const asked = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: shopper.email, redirectTo: '/auth' },
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/emails',
      headers: { cookie: admin.cookie },
    });
    const mail = res.json().items.find((m: { kind: string }) => m.kind === 'password_reset');
    expect(mail.text).toContain('token=[hidden]');
    expect(mail.text).not.toMatch(/token=(?!\[hidden\])/);
  });

  it('hides token parameters and long random path segments, and nothing else', () => {
    const token = 'a'.repeat(20) + 'B9_-'.repeat(4);
    expect(hideSecrets(`Open https://shop.example/auth?mode=reset&token=${token} now`)).toBe(
      'Open https://shop.example/auth?mode=reset&token=[hidden] now',
    );
    expect(hideSecrets(`https://shop.example/orders/view/${token}x${token}\nThanks`)).toBe(
      'https://shop.example/orders/view/[hidden]\nThanks',
    );
    expect(hideSecrets('Order #1001 https://shop.example/products/blue-mug')).toBe(
      'Order #1001 https://shop.example/products/blue-mug',
    );
  });
});
