import type { ShippingAddress } from './contracts/orders.ts';

/**
 * An address as printed lines: the name, the street lines, "City, State 12345" and the country.
 * Empty parts are left out.
 */
export function formatAddressLines(address: ShippingAddress): string[] {
  const cityLine = [[address.city, address.state_province].filter(Boolean).join(', '), address.postal_code]
    .filter(Boolean)
    .join(' ');
  return [
    `${address.first_name} ${address.last_name}`.trim(),
    address.address_line_1,
    address.address_line_2 ?? '',
    cityLine,
    address.country ?? '',
  ].filter((line) => line.trim() !== '');
}
