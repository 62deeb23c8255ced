// Stand-ins for the discounts module until it exists in this tree: no discount is in force and every
// code is unknown. Replaced by imports of discounts/redemptions.ts.
import type { Db, Tx } from '../../db/client.ts';
import type { PricingDiscount } from '../pricing/price-order.ts';

export async function loadDiscountsForCheckout(
  _db: Db | Tx,
  input: { code: string | null; now: Date; customerId: string | null; email: string | null },
): Promise<{ discounts: PricingDiscount[]; codeError: { code: string; message: string } | null }> {
  if (!input.code) return { discounts: [], codeError: null };
  return { discounts: [], codeError: { code: 'unknown_code', message: "This discount code doesn't exist" } };
}

export async function holdRedemptions(
  _tx: Tx,
  _input: { orderId: string; customerId: string | null; email: string | null; discountIds: string[] },
): Promise<{ ok: true } | { ok: false; code: string; message: string }> {
  return { ok: true };
}

export async function releaseRedemptions(_tx: Db | Tx, _orderId: string): Promise<void> {}
export async function confirmRedemptions(_tx: Db | Tx, _orderId: string): Promise<void> {}
