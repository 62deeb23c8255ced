import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appWithAdminPerFile } from '../../../test/commerce-app.ts';
import { addCartItem, createProduct } from '../../../test/factories.ts';
import { signUp } from '../../../test/sessions.ts';
import { queryRows } from '../../db/client.ts';
import {
  completeCheckout,
  confirmationEmails,
  orderBySession,
  payLocal,
  sessionIdFromUrl,
} from '../checkout/test-helpers.ts';
import { DEFAULT_TAX_RATES } from '../shipping/default-tax-rates.ts';
import { taxRates } from '../shipping/shipping.schema.ts';
import { adminCall, expectAddsUp } from './quote-test-helpers.ts';
import { TABLE_ONLY_CASES, TAX_CASES, type TaxCase } from './tax-cases.ts';

// The tax cases through the checkout API with the standard rates a new shop gets: the quote and a
// placed German order whose receipts state the VAT inside its prices. Runs on PGlite and PostgreSQL.
const suite = appWithAdminPerFile();
const admin = (method: 'POST' | 'PATCH' | 'PUT', url: string, payload: object) =>
  adminCall(suite, method, url, payload);

/** A product per price and a method per shipping price, in each case's country. */
const products = new Map<number, string>();
const methods = new Map<string, string>();
const ALL = [...TAX_CASES, ...TABLE_ONLY_CASES];

beforeAll(async () => {
  const { db } = suite.ctx;
  await db.execute(sql`DELETE FROM tax_rates`);
  await db.insert(taxRates).values(DEFAULT_TAX_RATES.map((r) => ({ ...r })));
  for (const amount of new Set(ALL.flatMap((c) => c.lines))) {
    products.set(amount, (await createProduct(db, { price: amount, inventoryLevel: 100 })).id);
  }
  for (const country of new Set(ALL.map((c) => c.country))) {
    const amounts = [...new Set(ALL.filter((c) => c.country === country).map((c) => c.shipping))];
    const zone = await admin('POST', '/api/admin/shipping/zones', {
      name: country,
      countries: [country],
      methods: amounts.map((amount) => ({ name: `Ship ${amount}`, kind: 'flat', amount_cents: amount })),
    });
    zone.methods.forEach((m: { id: string }, i: number) => {
      methods.set(`${country}:${amounts[i]}`, m.id);
    });
  }
});

const setIncluded = (on: boolean) =>
  admin('PATCH', '/api/admin/settings/checkout', { prices_include_tax: on });

describe('tax through the checkout quote', () => {
  it.each(ALL)('$name', async (c: TaxCase) => {
    await setIncluded(c.pricesIncludeTax);
    const res = await suite.ctx.app.inject({
      method: 'POST',
      url: '/api/checkout/quote',
      payload: {
        country: c.country,
        ...(c.state ? { state: c.state } : {}),
        lines: c.lines.map((amount) => ({ product_id: products.get(amount), quantity: 1 })),
        shipping_method_id: methods.get(`${c.country}:${c.shipping}`),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const { priced } = res.json();
    expect(priced.lines.map((l: { tax: number }) => l.tax)).toEqual(c.lineTaxes);
    expect(priced.tax_lines).toEqual(
      c.taxLines.map((t) => ({
        name: t.name,
        rate_bps: t.rateBps,
        amount: t.amount,
        inclusive: t.inclusive,
      })),
    );
    const added = c.taxLines.filter((t) => !t.inclusive).reduce((s, t) => s + t.amount, 0);
    const goods = c.lines.reduce((s, n) => s + n, 0);
    expect(priced.total).toBe(goods + c.shipping + added);
    expectAddsUp(res.json());
  });
});

describe('a German order with prices that include VAT', () => {
  it('charges the shelf price and states the VAT inside it on the order, the account page and the email', async () => {
    const { app, db } = suite.ctx;
    await setIncluded(true);
    const shopper = await signUp(app);
    await addCartItem(db, shopper.id, products.get(2800)!, 1);
    const res = await app.inject({
      method: 'POST',
      url: '/api/checkout/sessions',
      headers: { cookie: shopper.cookie },
      payload: {
        customer_info: {
          email: shopper.email,
          firstName: 'Greta',
          lastName: 'Keller',
          address: 'Unter den Linden 1',
          city: 'Berlin',
          postalCode: '10117',
          country: 'DE',
        },
        shipping_method_id: methods.get('DE:0'),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const sessionId = sessionIdFromUrl(res.json().url);
    expect((await payLocal(app, sessionId)).statusCode).toBeLessThan(400);
    expect((await completeCheckout(app, shopper.cookie, sessionId)).statusCode).toBe(200);
    const order = await orderBySession(db, sessionId);
    const [row] = await queryRows<{ total_amount: number; tax_amount: number; tax_inclusive: boolean }>(
      db,
      sql`SELECT total_amount, tax_amount, tax_inclusive FROM orders WHERE id = ${order!.id}::uuid`,
    );
    expect(row).toEqual({ total_amount: 2800, tax_amount: 447, tax_inclusive: true });

    const mine = await app.inject({
      method: 'GET',
      url: `/api/account/orders/${order!.id}`,
      headers: { cookie: shopper.cookie },
    });
    expect(mine.json().tax_lines).toEqual([{ name: 'VAT', rate_bps: 1900, amount: 447, inclusive: true }]);
    const adminView = await app.inject({
      method: 'GET',
      url: `/api/admin/orders/${order!.id}`,
      headers: { cookie: suite.admin.cookie },
    });
    expect(adminView.json().tax_lines).toEqual([
      expect.objectContaining({ name: 'VAT', rate_bps: 1900, amount: 447, inclusive: true }),
    ]);
    const email = (await confirmationEmails(db)).find((e) => e.to === shopper.email);
    expect(email?.text).toContain('Includes VAT 19%: $4.47');
    expect(email?.text).toContain('Total: $28.00');
  });
});
