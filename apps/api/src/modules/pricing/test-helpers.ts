import type { PricingDiscount, PricingLine, ShippingMethodInput, TaxInput } from './types.ts';

/** A cart line: `line('a', 1000, 2)` is two units at $10.00. */
export function line(
  key: string,
  unitPrice: number,
  quantity = 1,
  extra: Partial<PricingLine> = {},
): PricingLine {
  return {
    key,
    productId: `p-${key}`,
    variantId: null,
    categoryIds: [],
    unitPrice,
    quantity,
    weightGrams: 0,
    ...extra,
  };
}

/** A discount on every product, combinable, no minimums, unless `extra` says otherwise. */
export function discount(id: string, extra: Partial<PricingDiscount>): PricingDiscount {
  return {
    id,
    title: id,
    code: null,
    kind: 'percentage',
    target: 'order',
    percentBps: null,
    currency: 'USD',
    amountCents: null,
    productIds: [],
    categoryIds: [],
    minSubtotalCents: null,
    minQuantity: null,
    combinable: true,
    buyQuantity: null,
    getQuantity: null,
    getPercentBps: null,
    ...extra,
  };
}

export const percentOff = (id: string, bps: number, extra: Partial<PricingDiscount> = {}) =>
  discount(id, { kind: 'percentage', percentBps: bps, ...extra });
export const amountOff = (id: string, cents: number, extra: Partial<PricingDiscount> = {}) =>
  discount(id, { kind: 'fixed_amount', amountCents: cents, ...extra });
export const freeShipping = (id: string, extra: Partial<PricingDiscount> = {}) =>
  discount(id, { kind: 'free_shipping', ...extra });
export const buyGet = (
  id: string,
  buy: number,
  get: number,
  bps = 10_000,
  extra: Partial<PricingDiscount> = {},
) =>
  discount(id, {
    kind: 'buy_x_get_y',
    target: 'products',
    buyQuantity: buy,
    getQuantity: get,
    getPercentBps: bps,
    ...extra,
  });

export function method(extra: Partial<ShippingMethodInput> = {}): ShippingMethodInput {
  return {
    id: 'm-standard',
    name: 'Standard',
    deliveryEstimate: null,
    kind: 'flat',
    amountCents: 599,
    freeOverCents: null,
    weightBands: [],
    ...extra,
  };
}

export function taxRate(
  rateBps: number,
  extra: { pricesIncludeTax?: boolean; chargeTaxOnShipping?: boolean } = {},
): TaxInput {
  return {
    pricesIncludeTax: extra.pricesIncludeTax ?? false,
    components: [{ name: 'Sales tax', rateBps, taxesShipping: extra.chargeTaxOnShipping ?? false }],
  };
}
