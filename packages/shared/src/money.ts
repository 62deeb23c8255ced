// Made on first use, not when the module loads: the first Intl.NumberFormat of a page loads locale
// data and costs milliseconds of main thread on a phone, which the storefront's start-up spends in a
// task of its own (apps/storefront/src/app/app.tsx, warmUp) rather than while evaluating its code.
let usd: Intl.NumberFormat | undefined;

/** Formats integer cents as US dollars. The only place in the codebase that divides money by 100. */
export function formatMoney(cents: number | null | undefined): string {
  usd ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
  return usd.format((cents ?? 0) / 100);
}

/**
 * Turns a dollar amount typed into a form into integer cents. The only place that multiplies money by 100.
 * Non-numeric input counts as 0 (spec section 5); the result is rounded, never a float.
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

/** True when a sale price is set and lower than the price (spec section 9). */
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
