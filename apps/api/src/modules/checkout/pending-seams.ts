// Stand-ins for the shipping settings and discounts modules until they exist in this tree: the
// shop's configured flat shipping and tax for every destination, and no discounts. Replaced by
// imports of shipping/destination.ts and discounts/redemptions.ts.
import type { Db, Tx } from '../../db/client.ts';
import type { PricingDiscount, ShippingMethodInput, TaxInput } from '../pricing/price-order.ts';
import type { CheckoutContext } from './checkout-context.ts';

export interface Destination {
  zone: { id: string; name: string };
  methods: ShippingMethodInput[];
  tax: TaxInput | null;
}

const STANDARD_ID = '00000000-0000-4000-8000-000000000001';

export function fallbackDestination(config: CheckoutContext['config']): Destination {
  const c = config.checkout;
  return {
    zone: { id: STANDARD_ID, name: 'Everywhere' },
    methods: [
      {
        id: STANDARD_ID,
        name: 'Standard',
        deliveryEstimate: null,
        kind: c.shippingFreeOverCents === undefined ? 'flat' : 'free_over',
        amountCents: c.shippingFlatCents,
        freeOverCents: c.shippingFreeOverCents ?? null,
        weightBands: [],
      },
    ],
    tax:
      c.taxRateBps > 0
        ? { name: 'Tax', rateBps: c.taxRateBps, pricesIncludeTax: false, chargeTaxOnShipping: false }
        : null,
  };
}

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

export async function getCheckoutSettings(
  _db: Db | Tx,
  config: CheckoutContext['config'],
): Promise<{ guestEnabled: boolean; holdMinutes: number }> {
  return { guestEnabled: true, holdMinutes: config.checkout.sessionTtlMinutes };
}
