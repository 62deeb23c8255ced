import { guardCell, unguardCell } from '@cartwheel/shared/csv-cell';
import { describe, expect, it } from 'vitest';
import { likeContains, likeEscape } from './like.ts';
import { pgErrorInfo } from './pg-error.ts';
import { slugify } from './slug.ts';

describe('slugify', () => {
  it('keeps letters and digits joined by single hyphens', () => {
    expect(slugify('Trail Mug — 12 oz!')).toBe('trail-mug-12-oz');
    expect(slugify('Café Crème & Co.')).toBe('cafe-creme-and-co');
  });
  it('falls back when nothing is left, and caps the length without a trailing hyphen', () => {
    expect(slugify('  ***  ')).toBe('product');
    expect(slugify('***', 'brand')).toBe('brand');
    const long = slugify(`${'a'.repeat(79)} b`);
    expect(long).toBe('a'.repeat(79));
  });
});

describe('likeEscape', () => {
  it('escapes the wildcards and the escape character', () => {
    expect(likeEscape('50%_off\\')).toBe('50\\%\\_off\\\\');
    expect(likeContains('a%')).toBe('%a\\%%');
  });
});

describe('guardCell', () => {
  it('defuses formulas and gives them back on import', () => {
    for (const text of ['=SUM(A1)', '+1', '@cmd', '-2+3', '- 1+2', '- item', '\tx']) {
      expect(guardCell(text)).toBe(`'${text}`);
      expect(unguardCell(guardCell(text))).toBe(text);
    }
  });
  it('leaves plain text alone', () => {
    expect(guardCell('Mug')).toBe('Mug');
    expect(unguardCell("'plain")).toBe("'plain");
  });
});

describe('pgErrorInfo', () => {
  it('finds the code and constraint on the error or a cause', () => {
    const driver = Object.assign(new Error('dup'), { code: '23505', constraint: 'products_sku_key' });
    expect(pgErrorInfo(new Error('wrapped', { cause: driver }))).toEqual({
      code: '23505',
      constraint: 'products_sku_key',
    });
    expect(pgErrorInfo({ code: '23503', constraint_name: 'x_fk' })).toEqual({
      code: '23503',
      constraint: 'x_fk',
    });
  });
  it('ignores errors without a PostgreSQL code', () => {
    expect(pgErrorInfo(new Error('plain'))).toBeUndefined();
    expect(pgErrorInfo(Object.assign(new Error('node'), { code: 'ECONNRESET' }))).toBeUndefined();
  });
});
