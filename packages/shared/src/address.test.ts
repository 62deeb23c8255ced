import { describe, expect, it } from 'vitest';
import { formatAddressLines } from './address.ts';

const address = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  address_line_1: '12 Analytical Row',
  address_line_2: 'Suite 3',
  city: 'Portland',
  state_province: 'OR',
  postal_code: '97201',
  country: 'US',
};

describe('formatAddressLines', () => {
  it('prints name, street lines, city line and country', () => {
    expect(formatAddressLines(address)).toEqual([
      'Ada Lovelace',
      '12 Analytical Row',
      'Suite 3',
      'Portland, OR 97201',
      'US',
    ]);
  });

  it('leaves out what is empty', () => {
    expect(
      formatAddressLines({ ...address, address_line_2: null, state_province: '', country: null }),
    ).toEqual(['Ada Lovelace', '12 Analytical Row', 'Portland 97201']);
  });
});
