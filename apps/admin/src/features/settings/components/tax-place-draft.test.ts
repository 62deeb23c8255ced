import { describe, expect, it } from 'vitest';
import { newTax, taxPlaceForm, taxPlaceToDraft } from './tax-place-draft.ts';

describe('taxPlaceForm', () => {
  it('sends a state as its place and rates in basis points to a thousandth', () => {
    const body = taxPlaceForm.parse({
      country: 'CA',
      state: 'QC',
      rates: [
        { name: 'GST', rate_bps: '5', taxes_shipping: true },
        { name: 'QST', rate_bps: ' 9.975 ', taxes_shipping: true },
      ],
    });
    expect(body).toEqual({
      place: 'CA-QC',
      rates: [
        { name: 'GST', rate_bps: 500, taxes_shipping: true },
        { name: 'QST', rate_bps: 997.5, taxes_shipping: true },
      ],
    });
  });

  it("puts the contract's messages on the fields", () => {
    const result = taxPlaceForm.safeParse({
      country: 'DE',
      state: '',
      rates: [{ ...newTax(), rate_bps: 'x' }],
    });
    expect(result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['rates.0.name', 'Tax name is required'],
      ['rates.0.rate_bps', 'Rate must be a number'],
    ]);
  });

  it('shows a stored rate in percent', () => {
    const draft = taxPlaceToDraft({
      place: 'CA-QC',
      country: 'CA',
      state: 'QC',
      name: 'Quebec, Canada',
      rates: [{ name: 'QST', rate_bps: 997.5, taxes_shipping: true }],
    });
    expect(draft.rates[0]?.rate_bps).toBe('9.975');
  });
});
