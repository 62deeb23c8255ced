/**
 * The only place the price calculation rounds. Everything else adds and subtracts whole cents, so
 * the parts of a split amount always add back up to it exactly.
 */

/** A rate in basis points as whole thousandths of a basis point (997.5 bps, Québec's 9.975%, is exact). */
const milli = (bps: number): bigint => BigInt(Math.round(bps * 1000));
const WHOLE = 10_000_000n;

/** `bps` basis points of `amount`, rounded half up (1000 bps of 1005 → 101). */
export function percentOf(amount: number, bps: number): number {
  return Number((BigInt(amount) * milli(bps) + WHOLE / 2n) / WHOLE);
}

/**
 * The tax inside an amount that already includes it at `bps`: the amount minus its price before tax,
 * rounded half up ($11.00 at 10% holds $1.00).
 */
export function includedTax(amount: number, bps: number): number {
  const scale = WHOLE + milli(bps);
  const net = (BigInt(amount) * WHOLE * 2n + scale) / (scale * 2n);
  return amount - Number(net);
}

/**
 * Splits `total` cents into parts proportional to `weights` that add up to `total` exactly
 * (largest remainder: each part is rounded down, and the cents left over go to the parts that lost
 * the most, earlier parts first on a tie). When `total` ≤ Σ weights no part exceeds its weight.
 * All weights 0 gives all parts 0, so callers never ask for more than the weights hold.
 */
export function allocate(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + BigInt(w), 0n);
  if (sum === 0n || total === 0) return weights.map(() => 0);
  const t = BigInt(total);
  const parts = weights.map((w) => (t * BigInt(w)) / sum);
  const remainders = weights.map((w, i) => ({ i, r: (t * BigInt(w)) % sum }));
  let left = Number(t - parts.reduce((s, p) => s + p, 0n));
  remainders.sort((a, b) => (a.r === b.r ? a.i - b.i : a.r > b.r ? -1 : 1));
  for (const { i } of remainders) {
    if (left === 0) break;
    parts[i] = (parts[i] as bigint) + 1n;
    left--;
  }
  return parts.map(Number);
}
