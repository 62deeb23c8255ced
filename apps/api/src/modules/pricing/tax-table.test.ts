import { describe, expect, it } from 'vitest';
import { DEFAULT_TAX_RATES } from '../shipping/default-tax-rates.ts';
import { TABLE_ONLY_CASES, TAX_CASES, type TaxCase } from './tax-cases.ts';
import { tableTaxProvider } from './tax-provider.ts';
import { taxesAt } from './tax-table.ts';

const request = (c: TaxCase) => ({
  lines: c.lines.map((amount, i) => ({ key: `l${i}`, productId: `p${i}`, quantity: 1, amount })),
  shipping: c.shipping,
  address: { country: c.country, state: c.state, postalCode: c.postalCode },
  currency: c.country === 'JP' ? 'JPY' : 'USD',
  pricesIncludeTax: c.pricesIncludeTax,
});

describe('the tax table provider with the standard rates', () => {
  it.each([...TAX_CASES, ...TABLE_ONLY_CASES])('$name', async (c) => {
    const result = await tableTaxProvider(DEFAULT_TAX_RATES).calculate(request(c));
    expect(result).toEqual({ lineTaxes: c.lineTaxes, shippingTax: c.shippingTax, taxLines: c.taxLines });
    const parts = result.lineTaxes.reduce((s, t) => s + t, result.shippingTax);
    expect(parts).toBe(result.taxLines.reduce((s, t) => s + t.amount, 0));
  });
});

describe('taxesAt', () => {
  const rates = [
    { country: 'CA', state: null, name: 'GST', rateBps: 500, taxesShipping: true },
    { country: 'CA', state: 'ON', name: 'HST', rateBps: 1300, taxesShipping: true },
  ];
  it.each([
    { place: { country: 'CA', state: 'ON' }, names: ['HST'] },
    { place: { country: 'ca', state: 'CA-ON' }, names: ['HST'] },
    { place: { country: 'CA', state: 'AB' }, names: ['GST'] },
    { place: { country: 'CA', state: null }, names: ['GST'] },
    { place: { country: 'US', state: 'ON' }, names: [] },
  ])("a state's own rows replace its country's: $place", ({ place, names }) => {
    expect(taxesAt(rates, place).map((t) => t.name)).toEqual(names);
  });
});
