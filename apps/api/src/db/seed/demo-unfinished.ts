// Shoppers of the demo year who did not buy: signed-in carts left full, and checkouts that expired
// unpaid, so Analytics' conversion (carts, checkouts, paid) and Marketing's abandoned checkouts show a
// real shop on the first start. Deterministic, dated relative to the demo's base date like the history.
import { DEFAULT_HOLD_MINUTES } from '@cartwheel/shared/contracts/shipping';
import type { cartItems } from '../schema.ts';
import {
  addressOf,
  type DemoCustomer,
  FIRST_NAMES,
  type HistoryOrder,
  LAST_NAMES,
  randomSequence,
} from './demo-history.ts';
import { seedId } from './seed-id.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

/** How long an unpaid checkout holds its stock; then the sweeper cancels it and the stock comes back. */
export const DEMO_CHECKOUT_HOLD = DEFAULT_HOLD_MINUTES * MINUTE;
export const DEMO_ABANDONED_CHECKOUTS = 12;
export const DEMO_CARTS = 8;

/** Something that could be bought: its sku, since when, and what a cart line points at. */
export interface DemoItem {
  sku: string;
  since: number;
  productId: string;
  variantId: string | null;
  /** Visible, not deleted and in stock: what a cart may hold today. */
  live: boolean;
}

/**
 * Checkouts started and never paid (12 over the year, 4 of them in the last 30 days, the newest 3
 * days before `base`), every other one by a guest. Each expired after the hold and was cancelled with
 * its stock given back (checkout/expire-checkouts.ts), so the catalogue's stock is as the orders left it.
 */
export function abandonedCheckouts(
  base: number,
  customers: readonly DemoCustomer[],
  items: readonly DemoItem[],
): HistoryOrder[] {
  const random = randomSequence(20_261_127);
  return Array.from({ length: DEMO_ABANDONED_CHECKOUTS }, (_, i): HistoryOrder => {
    const placed = base - Math.round((3 + i * i * 2.5) * DAY) - random.int(0, 600) * MINUTE;
    const members = customers.filter((c) => c.joinedAt <= placed);
    const member = i % 2 === 1 && members.length ? random.pick(members) : null;
    const firstName = member?.firstName ?? random.pick(FIRST_NAMES);
    const lastName = member?.lastName ?? random.pick(LAST_NAMES);
    const onSale = items.filter((item) => item.since <= placed);
    return {
      placed,
      placedAt: new Date(placed).toISOString(),
      buyer: member ?? {
        email: `${firstName}.${lastName}.checkout${i}@example.net`.toLowerCase(),
        firstName,
        lastName,
        guest: true,
      },
      shipTo: member?.address ?? addressOf(random, firstName, lastName),
      lines: [{ sku: random.pick(onSale).sku, quantity: random.int(1, 2) }],
      status: 'cancelled',
      paymentStatus: 'unpaid',
      fulfillmentStatus: 'unfulfilled',
    };
  });
}

/**
 * Carts of customers who bought nothing in the last 30 days (8 of them), filled in those days with
 * one or two things they can buy today, one of each: shoppers who have not reached the checkout.
 */
export function demoCarts(
  base: number,
  customers: readonly DemoCustomer[],
  orders: readonly HistoryOrder[],
  items: readonly DemoItem[],
  at: (ms: number) => Date,
): Array<typeof cartItems.$inferInsert> {
  const recent = new Set(orders.filter((o) => o.placed >= base - 30 * DAY).map((o) => o.buyer.email));
  const live = items.filter((item) => item.live);
  const random = randomSequence(20_261_128);
  return customers
    .filter((c) => !recent.has(c.email))
    .slice(0, DEMO_CARTS)
    .flatMap((customer, i) => {
      const added = base - (2 + i * 3) * DAY - random.int(0, 600) * MINUTE;
      const picks = new Map<string, DemoItem>();
      for (let n = 1 + (i % 2); n > 0; n--) {
        const item = random.pick(live);
        picks.set(item.productId, item);
      }
      return [...picks.values()].map((item, l) => ({
        id: seedId(`cart-item:${customer.email}:${l}`),
        userId: seedId(`user:${customer.email}`),
        productId: item.productId,
        variantId: item.variantId,
        quantity: 1,
        createdAt: at(added + l * MINUTE),
        updatedAt: at(added + l * MINUTE),
      }));
    });
}
