import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { toBaseAmount } from '../../modules/markets/convert.ts';
import { DEMO_MARKETS, DEMO_RATES } from './demo-markets.ts';
import { rows, seededDemoShop } from './seed-test-helpers.ts';

// The demo's guests abroad (decision 0070): orders in the other markets' currencies, stored as a
// checkout in those markets stores them.
describe('the demo shop abroad', () => {
  const shop = seededDemoShop(new Date('2026-09-01T09:00:00Z'));

  it('sells abroad in euros, pounds, Canadian dollars and yen, stored as checkout stores a market order', async () => {
    const sold = await rows<{
      currency: string;
      exchange_rate: string;
      locale: string;
      country: string;
      subtotal_amount: number;
      discount_amount: number;
      shipping_amount: number;
      tax_amount: number;
      tax_inclusive: boolean;
      base: [number, number, number, number, number] | null;
      prices: number[];
      tax_lines: number;
    }>(
      shop.db,
      sql`select o.currency, o.exchange_rate::text, o.locale, o.shipping_address->>'country' as country,
          o.subtotal_amount, o.discount_amount, o.shipping_amount, o.tax_amount, o.tax_inclusive,
          case when o.base_total_amount is not null then json_build_array(o.base_subtotal_amount,
            o.base_discount_amount, o.base_shipping_amount, o.base_tax_amount, o.base_total_amount) end as base,
          (select json_agg(i.price_per_item) from order_items i where i.order_id = o.id) as prices,
          (select count(*)::int from order_tax_lines t where t.order_id = o.id) as tax_lines
        from orders o where o.order_number is not null`,
    );
    const abroad = sold.filter((o) => o.currency !== 'USD');
    for (const currency of ['EUR', 'GBP', 'CAD', 'JPY']) {
      expect(abroad.filter((o) => o.currency === currency).length, currency).toBeGreaterThanOrEqual(3);
    }
    expect(sold.filter((o) => o.currency === 'USD').every((o) => o.base === null)).toBe(true);
    for (const o of abroad) {
      const market = DEMO_MARKETS.find((m) => m.currency === o.currency)!;
      expect(o.exchange_rate).toBe(DEMO_RATES[o.currency]);
      expect(market.countries).toContain(o.country);
      expect(market.languages).toContain(o.locale);
      const at = (minor: number) => toBaseAmount(minor, o.currency, 'USD', o.exchange_rate);
      const [subtotal, discount, shipping, tax, total] = o.base!;
      expect([subtotal, discount, shipping, tax]).toEqual([
        at(o.subtotal_amount),
        Math.min(at(o.subtotal_amount), at(o.discount_amount)),
        at(o.shipping_amount),
        at(o.tax_amount),
      ]);
      expect(total).toBe(subtotal - discount + shipping + (o.tax_inclusive ? 0 : tax));
      // Each place's tax, inside the prices where the market shows them with it.
      expect(o.tax_lines).toBeGreaterThan(0);
      expect(o.tax_inclusive).toBe(market.pricesIncludeTax ?? false);
      // The market's rounding: prices ending in .99, and whole yen.
      for (const price of o.prices)
        expect(o.currency === 'JPY' ? price % 1 : price % 100).toBe(o.currency === 'JPY' ? 0 : 99);
    }
    // A yen order's amounts are yen (no minor unit): about 151 of them to the dollar.
    const yen = abroad.find((o) => o.currency === 'JPY')!;
    expect(yen.subtotal_amount / yen.base![0]).toBeGreaterThan(1.4);
    expect(yen.subtotal_amount / yen.base![0]).toBeLessThan(1.6);
  });
});
