import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appWithAdminPerFile } from '../../../test/commerce-app.ts';
import { createProduct } from '../../../test/factories.ts';
import { queryRows } from '../../db/client.ts';
import {
  completeCheckout,
  orderBySession,
  payLocal,
  SHIPPING_INFO,
  sessionIdFromUrl,
  withShippingZones,
} from './test-helpers.ts';

// The storefront language of a checkout is the order's (orders.locale), and the confirmation email
// is written in it with links into the shop in that language (decision 0068).
const suite = appWithAdminPerFile({ SHIPPING_FLAT_CENTS: '599', TAX_RATE_BPS: '825' });

beforeAll(async () => {
  await withShippingZones(suite.ctx.app);
});

async function guestCheckout(email: string, locale?: string) {
  const lamp = await createProduct(suite.ctx.db, { price: 4000, inventoryLevel: 20 });
  return suite.ctx.app.inject({
    method: 'POST',
    url: '/api/checkout/sessions',
    payload: {
      customer_info: { ...SHIPPING_INFO, email, marketing_opt_in: false },
      guest: { checkout_key: randomUUID(), lines: [{ product_id: lamp.id, quantity: 1 }] },
      ...(locale === undefined ? {} : { locale }),
    },
  });
}

async function confirmationTo(to: string) {
  const [row] = await queryRows<{ subject: string; text: string }>(
    suite.ctx.db,
    sql`SELECT subject, text FROM email_outbox WHERE "to" = ${to} AND kind = 'order_confirmation'`,
  );
  return row;
}

async function localeOf(sessionId: string) {
  const order = await orderBySession(suite.ctx.db, sessionId);
  const [row] = await queryRows<{ locale: string }>(
    suite.ctx.db,
    sql`SELECT locale FROM orders WHERE id = ${order!.id}`,
  );
  return row!.locale;
}

describe('an order in the language it was placed in', () => {
  it.each([
    [
      'de',
      'de@example.com',
      /^Ihre Bestellung #\d+ bei .+ ist bestätigt$/,
      'Bestellung ansehen',
      '/de/orders/view/',
    ],
    [
      'fr-CA',
      'fr@example.com',
      /^Votre commande n° \d+ chez .+ est confirmée$/,
      'Voir votre commande',
      '/fr-ca/orders/view/',
    ],
    ['ja', 'ja@example.com', /^【.+】ご注文（#\d+）を承りました$/, 'ご注文内容を見る', '/ja/orders/view/'],
    [undefined, 'en@example.com', /^Your .+ order #\d+ is confirmed$/, 'View your order', '/orders/view/'],
  ])(
    '%s: stored on the order, the confirmation email in it',
    async (locale, email, subject, button, path) => {
      const res = await guestCheckout(email, locale);
      expect(res.statusCode, res.body).toBe(200);
      const sessionId = sessionIdFromUrl(res.json().url);
      expect(await localeOf(sessionId)).toBe(locale ?? 'en');
      expect((await payLocal(suite.ctx.app, sessionId)).statusCode).toBe(303);
      expect((await completeCheckout(suite.ctx.app, '', sessionId)).statusCode).toBe(200);
      const mail = await confirmationTo(email);
      expect(mail?.subject).toMatch(subject);
      expect(mail?.text).toContain(button);
      expect(mail?.text).toMatch(new RegExp(`https?://[^/\\s]+${path}[A-Za-z0-9_-]{43}`));
    },
  );

  it('refuses a locale that is no language tag, and writes nothing', async () => {
    const [before] = await queryRows<{ n: number }>(suite.ctx.db, sql`SELECT count(*)::int AS n FROM orders`);
    const res = await guestCheckout('bad@example.com', 'german please');
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('locale must be a language tag');
    const [after] = await queryRows<{ n: number }>(suite.ctx.db, sql`SELECT count(*)::int AS n FROM orders`);
    expect(after!.n).toBe(before!.n);
  });
});
