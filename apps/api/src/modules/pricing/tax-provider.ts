import { computeTax } from './tax.ts';
import { type PlaceTaxRate, taxesAt } from './tax-table.ts';
import type { TaxLine } from './types.ts';

/** Where an order goes, as a tax service needs it (US sales tax can differ by postal code). */
export interface TaxAddress {
  country: string;
  /** The subdivision code without the country ('CA'), or null. */
  state: string | null;
  postalCode?: string | null;
  city?: string | null;
  line1?: string | null;
}

/** What is taxed: the lines after discounts and the shipping after a free-shipping discount. */
export interface TaxCalculationRequest {
  lines: { key: string; productId: string; quantity: number; amount: number }[];
  shipping: number;
  address: TaxAddress;
  /** ISO 4217, as the amounts are in its minor units. */
  currency: string;
  /** The amounts hold the tax (it is extracted) rather than exclude it (it is added). */
  pricesIncludeTax: boolean;
  /** The buyer has a tax exemption on file: no tax is charged (decision 0093). */
  taxExempt?: boolean;
}

/** The tax on each line (in the request's order) and on shipping, and the taxes by name and rate. */
export interface TaxCalculation {
  lineTaxes: number[];
  shippingTax: number;
  /** Σ amounts = Σ lineTaxes + shippingTax. */
  taxLines: TaxLine[];
}

/** Computes an order's tax: the shop's own table, or a tax service. */
export interface TaxProvider {
  readonly name: 'table' | 'stripe';
  calculate(request: TaxCalculationRequest): Promise<TaxCalculation>;
}

/** The shop's table of rates by place (the default provider): no call leaves the process. */
export function tableTaxProvider(rates: readonly PlaceTaxRate[]): TaxProvider {
  return {
    name: 'table',
    async calculate(request) {
      const components = request.taxExempt ? [] : taxesAt(rates, request.address);
      const { lineTaxes, shippingTax, taxLines } = computeTax(
        request.lines.map((l) => l.amount),
        request.shipping,
        { components, pricesIncludeTax: request.pricesIncludeTax },
      );
      return { lineTaxes, shippingTax, taxLines };
    },
  };
}
