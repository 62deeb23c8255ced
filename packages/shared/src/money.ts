/**
 * Formats integer cents as US dollars ("$1,234.50", "-$5.00"), as
 * `Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })` does (money.test.ts checks it).
 * The only place in the codebase that divides money by 100. Written out rather than with Intl: the first
 * Intl.NumberFormat of a page loads ICU's locale data, tens of milliseconds of main thread on a phone
 * while the storefront starts (docs/decisions/0016-storefront-first-paint.md).
 */
export function formatMoney(cents: number | null | undefined): string {
  const total = Math.round(Math.abs(cents ?? 0));
  const dollars = String(Math.floor(total / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = (cents ?? 0) < 0 && total > 0 ? '-' : '';
  return `${sign}$${dollars}.${String(total % 100).padStart(2, '0')}`;
}

/**
 * Turns a dollar amount typed into a form into integer cents. The only place that multiplies money by 100.
 * Non-numeric input counts as 0; the result is rounded, never a float.
 */
export function dollarsToCents(input: string | number | null | undefined): number {
  const n = typeof input === 'number' ? input : Number.parseFloat(String(input ?? '').trim());
  if (!Number.isFinite(n)) return 0;
  return Math.round(n * 100);
}

/** Cents as a plain dollar string for form inputs ("12.50"). */
export function centsToDollarString(cents: number | null | undefined): string {
  return ((cents ?? 0) / 100).toFixed(2);
}

export interface PriceSource {
  price: number;
  sale_price: number | null;
}

/** True when a sale price is set and lower than the price. */
export function isOnSale(p: PriceSource): boolean {
  return p.sale_price != null && p.sale_price > 0 && p.sale_price < p.price;
}

/**
 * The price a shopper pays for one unit, in cents (docs/decisions/0002-money-and-prices.md):
 * the variant's own prices when a variant is chosen, else the product's; the sale price when set and lower.
 */
export function unitPrice(product: PriceSource, variant?: PriceSource | null): number {
  const source = variant ?? product;
  return isOnSale(source) ? (source.sale_price as number) : source.price;
}

/** A rate in basis points as a percentage: 825 → "8.25%", 1000 → "10%". */
export function formatPercent(bps: number): string {
  return `${(bps / 100).toLocaleString('en-US', { maximumFractionDigits: 3 })}%`;
}
