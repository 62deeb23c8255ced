import { describe, expect, it } from 'vitest';
import { COUNTRIES, countryName, isCountryCode, subdivisionName, subdivisions } from './countries.ts';

describe('COUNTRIES', () => {
  it('lists every ISO 3166-1 alpha-2 country once, sorted by name', () => {
    expect(COUNTRIES).toHaveLength(249);
    expect(new Set(COUNTRIES.map((c) => c.code)).size).toBe(249);
    for (const country of COUNTRIES) expect(country.code).toMatch(/^[A-Z]{2}$/);
    const names = COUNTRIES.map((c) => c.name);
    expect([...names].sort((a, b) => a.localeCompare(b, 'en'))).toEqual(names);
  });
});

describe('countryName', () => {
  it('names known codes in English and returns unknown ones as they are', () => {
    expect(countryName('US')).toBe('United States');
    expect(countryName('GB')).toBe('United Kingdom');
    expect(countryName('CI')).toBe("Côte d'Ivoire");
    expect(countryName('ZZ')).toBe('ZZ');
  });
});

describe('isCountryCode', () => {
  it('accepts ISO codes only', () => {
    expect(isCountryCode('DE')).toBe(true);
    expect(isCountryCode('EU')).toBe(false);
    expect(isCountryCode('us')).toBe(false);
  });
});

describe('subdivisions', () => {
  it('has the US states, DC and the territories', () => {
    const us = subdivisions('US');
    expect(us).toHaveLength(57);
    expect(subdivisionName('US', 'CA')).toBe('California');
    expect(subdivisionName('US', 'DC')).toBe('District of Columbia');
    expect(subdivisionName('US', 'PR')).toBe('Puerto Rico');
  });

  it('has the Canadian provinces and territories, Australian, Mexican and Brazilian states', () => {
    expect(subdivisions('CA')).toHaveLength(13);
    expect(subdivisionName('CA', 'QC')).toBe('Quebec');
    expect(subdivisions('AU')).toHaveLength(8);
    expect(subdivisions('MX')).toHaveLength(32);
    expect(subdivisions('BR')).toHaveLength(27);
  });

  it('has unique codes per country and none for countries we ask no state for', () => {
    for (const code of ['US', 'CA', 'AU', 'MX', 'BR']) {
      const list = subdivisions(code);
      expect(new Set(list.map((s) => s.code)).size).toBe(list.length);
    }
    expect(subdivisions('FR')).toEqual([]);
    expect(subdivisionName('US', 'ZZ')).toBeNull();
  });
});
