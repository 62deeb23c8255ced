import { describe, expect, it } from 'vitest';
import { emptyZone, newMethod, zoneFieldOf, zoneForm } from './zone-draft.ts';

describe('zoneForm', () => {
  it("puts the contract's messages on the zone's fields, down to a weight band's", () => {
    const result = zoneForm('USD').safeParse({
      ...emptyZone(),
      methods: [
        { ...newMethod(), kind: 'weight', weight_bands: [{ up_to_grams: 'abc', amount_cents: '1' }] },
      ],
    });
    expect(result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['name', 'Name is required'],
      ['countries', 'Choose at least one country'],
      ['methods.0.name', 'Name is required'],
      ['methods.0.weight_bands.0.up_to_grams', 'Weight must be a number of grams'],
    ]);
  });

  it('sends amounts in cents', () => {
    const body = zoneForm('USD').parse({
      ...emptyZone(),
      name: 'Local',
      countries: ['us'],
      methods: [{ ...newMethod(), name: 'Ground', amount_cents: '7.5' }],
    });
    expect(body).toMatchObject({
      countries: ['US'],
      methods: [{ name: 'Ground', amount_cents: 750 }],
    });
  });
});

describe('zoneFieldOf', () => {
  it('shows a country or state on the place picker', () => {
    expect(zoneFieldOf('states.3')).toBe('countries');
    expect(zoneFieldOf('countries')).toBe('countries');
    expect(zoneFieldOf('methods.1.name')).toBe('methods.1.name');
  });
});
