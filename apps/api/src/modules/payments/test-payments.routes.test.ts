import type { StorefrontSite } from '@cartwheel/shared/contracts/content';
import type { Dashboard } from '@cartwheel/shared/contracts/dashboard';
import { describe, expect, it } from 'vitest';
import { appPerTest } from '../../../test/commerce-app.ts';
import { getAs, okJson } from '../../../test/requests.ts';
import { signUpAs } from '../../../test/sessions.ts';

// Test payments are not live payments: the front ends learn from the public site data that the shop's
// payments are simulated (they show a banner), and the setup checklist does not count them as set up.

const testApp = appPerTest();

/** What both front ends are told: the site data's flag and the checklist's payments step. */
async function paymentsAsShown(env: Record<string, string>) {
  const { app, db } = await testApp.open(env);
  const site = okJson<StorefrontSite>(await app.inject({ url: '/api/storefront/site' }));
  const staff = await signUpAs(app, db, 'staff');
  const dashboard = okJson<Dashboard>(await getAs(app, staff.cookie, '/api/admin/dashboard'));
  return {
    testPayments: site.test_payments,
    step: dashboard.setup.find((s) => s.key === 'payment_provider'),
  };
}

describe('test payments', () => {
  it('with the local provider: the site data says test_payments, and payments are still to set up', async () => {
    const { testPayments, step } = await paymentsAsShown({});
    expect(testPayments).toBe(true);
    expect(step).toMatchObject({ done: false, href: '/admin/settings/payments' });
    expect(step!.description).toMatch(/^Test mode: payments are simulated and no card is charged\./);
  });

  it('in production, where ALLOW_TEST_PAYMENTS=true lets the local provider start: the same', async () => {
    const production = {
      NODE_ENV: 'production',
      AUTH_SECRET: 'p'.repeat(40),
      PUBLIC_URL: 'http://localhost:3000',
      ALLOW_TEST_PAYMENTS: 'true',
    };
    const { testPayments, step } = await paymentsAsShown(production);
    expect(testPayments).toBe(true);
    expect(step?.done).toBe(false);
  });

  it('with Stripe: no test mode, and payments count as set up', async () => {
    const { testPayments, step } = await paymentsAsShown({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_cartwheel',
      STRIPE_WEBHOOK_SECRET: 'whsec_cartwheel',
      // Nothing here calls Stripe; an address that answers nothing if something did.
      STRIPE_API_BASE: 'http://127.0.0.1:9',
    });
    expect(testPayments).toBe(false);
    expect(step).toMatchObject({ done: true, description: 'Payments go through the stripe provider.' });
  });
});
