/** The parts of a postal address that are printed; the shipping address of an order has them all. */
export interface AddressParts {
  first_name: string;
  last_name: string;
  address_line_1: string;
  address_line_2?: string | null;
  city: string;
  state_province?: string | null;
  postal_code: string;
  country?: string | null;
}

/**
 * An address as printed lines: the name, the street lines, "City, State 12345" and the country.
 * Empty parts are left out.
 */
export function formatAddressLines(address: AddressParts): string[] {
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
