/**
 * The inputs and result of the one price calculation (price-order.ts). Plain data, no database:
 * the checkout, the quote endpoint and the tests build these and call priceOrder().
 * Every amount is integer cents; rates are basis points (1000 = 10%).
 */

export interface PricingLine {
  /** Stable id of the line: the cart item id, or `${productId}:${variantId ?? ''}`. */
  key: string;
  productId: string;
  variantId: string | null;
  /** The product's categories, for discounts limited to categories. */
  categoryIds: string[];
  /** Cents, from unitPrice() in @cartwheel/shared/money on today's database prices. */
  unitPrice: number;
  quantity: number;
  /** Per unit, 0 when unknown. */
  weightGrams: number;
  /** Never shipped (a gift card): no part of the shipping rate, no tax (decision 0094). */
  digital?: boolean;
}

export type DiscountKind = 'percentage' | 'fixed_amount' | 'free_shipping' | 'buy_x_get_y';

export interface PricingDiscount {
  id: string;
  title: string;
  /** null = an automatic discount. */
  code: string | null;
  kind: DiscountKind;
  /** percentage / fixed_amount: off the order, or off the eligible products. */
  target: 'order' | 'products';
  /** percentage: 1000 = 10%. */
  percentBps: number | null;
  /** fixed_amount: minor units off (order: once; products: per eligible unit). */
  amountCents: number | null;
  /** The ISO 4217 code of amountCents and minSubtotalCents. */
  currency: string;
  /** Both empty = every product is eligible. */
  productIds: string[];
  categoryIds: string[];
  /** Checked on the eligible lines' subtotal / quantity. */
  minSubtotalCents: number | null;
  minQuantity: number | null;
  combinable: boolean;
  /** buy_x_get_y: buy this many eligible units, get the next ones at getPercentBps off (10000 = free). */
  buyQuantity: number | null;
  getQuantity: number | null;
  getPercentBps: number | null;
}

export interface ShippingMethodInput {
  id: string;
  name: string;
  deliveryEstimate: string | null;
  kind: 'flat' | 'free_over' | 'weight';
  /** flat: the price; free_over: the price under the threshold. */
  amountCents: number;
  /** free_over threshold, on the subtotal after discounts. */
  freeOverCents: number | null;
  /** weight: the first band whose upToGrams ≥ the cart's weight (null = no upper bound). */
  weightBands: { upToGrams: number | null; amountCents: number }[];
}

/** One tax a place charges (a state's sales tax; Canada's GST; a province's PST). */
export interface TaxComponent {
  name: string;
  /** May have a fraction (997.5 = 9.975%). */
  rateBps: number;
  /** Whether the place taxes shipping too. */
  taxesShipping: boolean;
}

export interface TaxInput {
  /** The place's taxes, all charged on the same amount. */
  components: TaxComponent[];
  /** Prices hold the tax (it is extracted) rather than exclude it (it is added). */
  pricesIncludeTax: boolean;
}

export interface PriceOrderInput {
  lines: PricingLine[];
  /** The automatic discounts in force + the entered code's discount, already date/usage checked. */
  discounts: PricingDiscount[];
  /** null: not chosen yet (shipping 0, the total excludes shipping). */
  shippingMethod: ShippingMethodInput | null;
  /** null: no tax for this destination. */
  tax: TaxInput | null;
}

export type RejectionReason =
  | 'minimum_subtotal'
  | 'minimum_quantity'
  | 'no_eligible_items'
  | 'not_combinable';

export interface PricedLine {
  key: string;
  unitPrice: number;
  quantity: number;
  /** unitPrice × quantity. */
  subtotal: number;
  /** Σ of the discounts' amounts on this line. */
  discount: number;
  /** subtotal − discount. */
  total: number;
  /** The tax on this line's total (inside it when prices include tax). */
  tax: number;
}

export interface AppliedDiscount {
  id: string;
  code: string | null;
  title: string;
  kind: DiscountKind;
  /** Σ lineAmounts + shippingAmount. */
  amount: number;
  lineAmounts: { key: string; amount: number }[];
  shippingAmount: number;
}

export interface RejectedDiscount {
  id: string;
  code: string | null;
  reason: RejectionReason;
  /** Shopper-facing ("Add $12.00 more to use this code"). */
  message: string;
  /** minimum_subtotal: what the eligible lines lack, in minor units of `currency`. */
  shortBy?: { amount: number; currency: string };
  /** minimum_quantity: the eligible items it needs. */
  minItems?: number;
}

export interface TaxLine {
  name: string;
  /** May have a fraction (997.5 = 9.975%). */
  rateBps: number;
  amount: number;
  inclusive: boolean;
}

export interface PricedOrder {
  lines: PricedLine[];
  discounts: AppliedDiscount[];
  rejected: RejectedDiscount[];
  /** Σ line subtotals (unitPrice × quantity). */
  subtotal: number;
  /** Σ discounts (lines + shipping). */
  discountTotal: number;
  /** Shipping after a free_shipping discount. */
  shipping: number;
  shippingBeforeDiscount: number;
  /** Σ taxLines. */
  tax: number;
  taxLines: TaxLine[];
  /** subtotal − line discounts + shipping + exclusive tax. */
  total: number;
}
