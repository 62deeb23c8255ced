import { afterAll, describe, expect, it } from 'vitest';
import { appWithAdminPerFile } from '../../../test/commerce-app.ts';
import { createProduct } from '../../../test/factories.ts';
import { FakeStripe } from '../../../test/fake-stripe.ts';
import { createStripeTaxProvider } from './stripe-tax.ts';
import { TAX_CASES, type TaxCase } from './tax-cases.ts';

// Stripe Tax through the SDK against the local fake of its API, alone and as the checkout's tax
// provider (TAX_PROVIDER=stripe).
const fake = new FakeStripe();
const apiBase = await fake.start();
afterAll(() => fake.stop());
const suite = appWithAdminPerFile({
  TAX_PROVIDER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_test_cartwheel',
  STRIPE_API_BASE: apiBase,
});

const provider = createStripeTaxProvider({ secretKey: 'sk_test_cartwheel', apiBase });

const request = (c: TaxCase) => ({
  lines: c.lines.map((amount, i) => ({ key: `l${i}`, productId: `p${i}`, quantity: 1, amount })),
  shipping: c.shipping,
  address: { country: c.country, state: c.state, postalCode: c.postalCode },
  currency: 'EUR',
  pricesIncludeTax: c.pricesIncludeTax,
});

/** Stripe rounds each line's tax on its own: California's two lines make 3.63 + 0.91. */
const STRIPE_CASES: TaxCase[] = TAX_CASES.map((c) =>
  c.state === 'CA' && c.country === 'US'
    ? {
        ...c,
        lineTaxes: [363, 91],
        taxLines: [{ name: 'CA Sales tax', rateBps: 725, amount: 454, inclusive: false }],
      }
    : c,
);

describe('the Stripe Tax provider', () => {
  it.each(STRIPE_CASES)('$name', async (c) => {
    const result = await provider.calculate(request(c));
    expect(result).toEqual({ lineTaxes: c.lineTaxes, shippingTax: c.shippingTax, taxLines: c.taxLines });
    const sent = fake.requests.at(-1)!;
    expect(sent.path).toBe('/v1/tax/calculations');
    expect(sent.form.get('currency')).toBe('eur');
    expect(sent.form.get('line_items[0][amount]')).toBe(String(c.lines[0]));
    expect(sent.form.get('line_items[0][reference]')).toBe('l0');
    expect(sent.form.get('line_items[0][tax_behavior]')).toBe(c.pricesIncludeTax ? 'inclusive' : 'exclusive');
    expect(sent.form.get('shipping_cost[amount]')).toBe(c.shipping ? String(c.shipping) : null);
    expect(sent.form.get('customer_details[address][country]')).toBe(c.country);
    expect(sent.form.get('customer_details[address][postal_code]')).toBe(c.postalCode);
    expect(sent.form.get('expand[0]')).toBe('line_items');
  });

  it('turns an address Stripe cannot place into a 422 on the postal code', async () => {
    const failure = provider.calculate({
      ...request(STRIPE_CASES[1]!),
      address: { country: 'US', state: 'CA' },
    });
    await expect(failure).rejects.toMatchObject({
      code: 'tax_location_invalid',
      details: [expect.objectContaining({ field: 'body.customer_info.postalCode' })],
    });
  });
});

describe('checkout with TAX_PROVIDER=stripe', () => {
  it("quotes Stripe's tax for the address: California's rate, none in Oregon", async () => {
    const { app, db } = suite.ctx;
    const mug = await createProduct(db, { name: 'Mug', price: 5000 });
    const zone = await app.inject({
      method: 'POST',
      url: '/api/admin/shipping/zones',
      headers: { cookie: suite.admin.cookie },
      payload: {
        name: 'US',
        countries: ['US'],
        methods: [{ name: 'Ground', kind: 'flat', amount_cents: 599 }],
      },
    });
    expect(zone.statusCode, zone.body).toBe(201);
    const quote = async (state: string, postalCode?: string) =>
      app.inject({
        method: 'POST',
        url: '/api/checkout/quote',
        payload: {
          country: 'US',
          state,
          ...(postalCode ? { postal_code: postalCode } : {}),
          lines: [{ product_id: mug.id, quantity: 1 }],
          shipping_method_id: zone.json().methods[0].id,
        },
      });
    const ca = await quote('CA', '94103');
    expect(ca.statusCode, ca.body).toBe(200);
    expect(ca.json().priced).toMatchObject({
      tax: 363,
      total: 5000 + 599 + 363,
      tax_lines: [{ name: 'CA Sales tax', rate_bps: 725, amount: 363, inclusive: false }],
    });
    const or = await quote('OR', '97201');
    expect(or.json().priced).toMatchObject({ tax: 0, total: 5599, tax_lines: [] });
    const unplaced = await quote('CA');
    expect(unplaced.statusCode).toBe(422);
    expect(unplaced.json().error.code).toBe('tax_location_invalid');
  });
});
