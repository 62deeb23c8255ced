// A year of trade for the demo shop: customers who signed up over the year and the orders they (and
// guests) placed, so the dashboard, analytics, customers and orders screens are full on the first start.
// Pure and deterministic: the same rows every time (a fixed pseudo-random sequence), dated relative to
// the demo's base date; the seeder moves every demo date so that the base date is the moment of seeding.
import type { DemoAddress, DemoOrder } from './demo-data.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** Someone who bought: a customer account, or a guest (no account) when `guest` is set. */
export interface DemoBuyer {
  email: string;
  firstName: string;
  lastName: string;
  guest?: true;
}

/** A demo customer account of the generated history. */
export interface DemoCustomer extends DemoBuyer {
  joinedAt: number;
  address: DemoAddress;
}

/** An order of the history: a demo order with its buyer and the time it was placed (ms). */
export interface HistoryOrder extends DemoOrder {
  placed: number;
  buyer: DemoBuyer;
  /** The demo discount code the shopper entered, if any (the price calculation decides if it applied). */
  code?: string;
}

// biome-ignore format: a packed list reads better
export const FIRST_NAMES = [
  'Olivia', 'Liam', 'Amara', 'Noah', 'Sofia', 'Mateo', 'Priya', 'Ethan', 'Hana', 'Lucas',
  'Zara', 'Elijah', 'Maya', 'Kai', 'Chloe', 'Omar', 'Ines', 'Theo', 'Leila', 'Diego',
  'Grace', 'Ravi', 'Nora', 'Felix', 'Aisha', 'Jonah', 'Mei', 'Samuel', 'Freya', 'Andre',
  'Lucia', 'Tomas', 'Yara', 'Hugo', 'Elena', 'Isaac', 'Rosa', 'Malik', 'Ivy', 'Bruno',
];
// biome-ignore format: a packed list reads better
export const LAST_NAMES = [
  'Nguyen', 'Okafor', 'Schmidt', 'Haddad', 'Kowalski', 'Tanaka', 'Moreau', 'Silva', 'Brennan', 'Larsen',
  'Mensah', 'Romero', 'Fischer', 'Iyer', 'Costa', 'Walsh', 'Novak', 'Sato', 'Dubois', 'Ortiz',
];
// biome-ignore format: a packed list reads better
const PLACES: ReadonlyArray<[string, string, string]> = [
  ['Austin', 'TX', '78701'], ['Denver', 'CO', '80202'], ['Chicago', 'IL', '60601'],
  ['Seattle', 'WA', '98101'], ['Boston', 'MA', '02108'], ['Atlanta', 'GA', '30303'],
  ['Phoenix', 'AZ', '85004'], ['Madison', 'WI', '53703'], ['Raleigh', 'NC', '27601'],
  ['Brooklyn', 'NY', '11201'], ['San Diego', 'CA', '92101'], ['Minneapolis', 'MN', '55401'],
];
const STREETS = ['Maple Avenue', 'Harbor Road', 'Elm Street', 'Juniper Way', 'Lakeview Drive', 'Mill Lane'];

/** A small, fast, seeded pseudo-random generator (mulberry32): the same sequence every run. */
export function randomSequence(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return { next, int, pick };
}

export function addressOf(
  random: ReturnType<typeof randomSequence>,
  firstName: string,
  lastName: string,
): DemoAddress {
  const [city, state, postalCode] = random.pick(PLACES);
  return {
    first_name: firstName,
    last_name: lastName,
    address_line_1: `${random.int(10, 980)} ${random.pick(STREETS)}`,
    address_line_2: null,
    city,
    state_province: state,
    postal_code: postalCode,
    country: 'US',
  };
}

export const HISTORY_CUSTOMERS = 40;
export const HISTORY_ORDERS = 420;

/**
 * The customers (40, joined over the year before `base`) and the orders of that year (420, more of them
 * in recent months; about one in seven by a guest), oldest first. `sellable` lists what could be bought
 * and since when; each order buys one to three of the things on sale at its date.
 */
export function demoHistory(base: number, sellable: ReadonlyArray<{ sku: string; since: number }>) {
  const random = randomSequence(20_260_901);
  const yearAgo = base - 365 * DAY;
  const customers: DemoCustomer[] = Array.from({ length: HISTORY_CUSTOMERS }, (_, i) => {
    const firstName = FIRST_NAMES[i % FIRST_NAMES.length] as string;
    const lastName = LAST_NAMES[(i * 7) % LAST_NAMES.length] as string;
    return {
      email: `${firstName}.${lastName}${i}@example.com`.toLowerCase(),
      firstName,
      lastName,
      joinedAt: yearAgo + Math.floor(random.next() * 330 * DAY),
      address: addressOf(random, firstName, lastName),
    };
  }).sort((a, b) => a.joinedAt - b.joinedAt);

  const orders: HistoryOrder[] = [];
  for (let n = 0; n < HISTORY_ORDERS; n++) {
    // Square root of a uniform number: the shop grows, so later days see more orders.
    const placed = yearAgo + Math.floor(Math.sqrt(random.next()) * (365 * DAY - 2 * HOUR));
    const onSale = sellable.filter((s) => s.since <= placed);
    if (!onSale.length) continue;
    const members = customers.filter((c) => c.joinedAt <= placed);
    let buyer: DemoBuyer;
    let shipTo: DemoAddress;
    if (members.length && random.next() > 0.15) {
      const customer = random.pick(members);
      buyer = customer;
      shipTo = customer.address;
    } else {
      const firstName = random.pick(FIRST_NAMES);
      const lastName = random.pick(LAST_NAMES);
      buyer = {
        email: `${firstName}.${lastName}.guest${n}@example.net`.toLowerCase(),
        firstName,
        lastName,
        guest: true,
      };
      shipTo = addressOf(random, firstName, lastName);
    }
    const lines = new Map<string, number>();
    const count = random.next() < 0.55 ? 1 : random.next() < 0.75 ? 2 : 3;
    for (let l = 0; l < count; l++) lines.set(random.pick(onSale).sku, random.next() < 0.8 ? 1 : 2);
    orders.push({
      placed,
      placedAt: new Date(placed).toISOString(),
      buyer,
      shipTo,
      lines: [...lines].map(([sku, quantity]) => ({ sku, quantity })),
      ...outcome(base - placed, random.next()),
    });
  }
  orders.sort((a, b) => a.placed - b.placed);
  addCodesAndRefunds(orders, base);
  addMarkets(orders, base);
  return { customers, orders };
}

// biome-ignore format: a packed list reads better
/** Where abroad guests live: [market, language, city, state, postal code, country]. */
const ABROAD: ReadonlyArray<readonly [string, string, string, string | null, string, string]> = [
  ['eu', 'de', 'Berlin', null, '10115', 'DE'], ['uk', 'en', 'London', null, 'EC1A 1BB', 'GB'],
  ['ca', 'en', 'Toronto', 'ON', 'M5V 2T6', 'CA'], ['jp', 'ja', 'Tokyo', null, '100-0001', 'JP'],
  ['eu', 'fr', 'Lyon', null, '69002', 'FR'], ['ca', 'fr', 'Montréal', 'QC', 'H2Y 1C6', 'CA'],
  ['eu', 'es', 'Madrid', null, '28013', 'ES'], ['uk', 'en', 'Manchester', null, 'M1 1AE', 'GB'],
  ['jp', 'ja', 'Osaka', null, '530-0001', 'JP'], ['ca', 'en', 'Vancouver', 'BC', 'V6B 1A1', 'CA'],
];

/**
 * Guests from abroad, since the shop sells in other markets: about two in three guest orders of the
 * last half year are shipped to the European Union, the United Kingdom, Canada or Japan and sold
 * there in its currency, taking the places above in turn so each market has several.
 */
function addMarkets(orders: HistoryOrder[], base: number) {
  const random = randomSequence(20_261_206);
  let next = 0;
  for (const order of orders) {
    if (!order.buyer.guest || base - order.placed > 180 * DAY || random.next() > 0.66) continue;
    const [market, locale, city, state, postalCode, country] = ABROAD[next++ % ABROAD.length]!;
    order.market = market;
    order.locale = locale;
    order.shipTo = {
      ...order.shipTo,
      city,
      state_province: state,
      postal_code: postalCode,
      country,
    };
  }
}

/**
 * Codes and complaints, from a sequence of their own (the orders stay as they were): the spring sale's
 * code while it ran (60 to 120 days before `base`), a customer's welcome code on their first order, now
 * and then the $15 or free-shipping code; and one unit of the first line refunded on about one
 * delivered order of several units in twenty-five.
 */
function addCodesAndRefunds(orders: HistoryOrder[], base: number) {
  const random = randomSequence(20_261_126);
  const seen = new Set<string>();
  for (const order of orders) {
    const first = !seen.has(order.buyer.email);
    seen.add(order.buyer.email);
    const age = base - order.placed;
    const roll = random.next();
    if (age >= 60 * DAY && age < 120 * DAY) {
      if (roll < 0.3) order.code = 'SPRING25';
    } else if (first && !order.buyer.guest && roll < 0.3) order.code = 'WELCOME10';
    else if (roll < 0.06) order.code = 'SAVE15';
    else if (roll < 0.1) order.code = 'FREESHIP';
    const [line] = order.lines;
    // Only where something else was bought too: the refund is partial.
    const more = order.lines.length > 1 || (line?.quantity ?? 0) > 1;
    if (order.status === 'delivered' && line && more && random.next() < 0.04) {
      order.paymentStatus = 'partially_refunded';
      order.lines[0] = { ...line, refunded: 1 };
    }
  }
}

/** Where an order of this age stands: recent ones are still being handled, a few were cancelled. */
function outcome(
  age: number,
  roll: number,
): Pick<DemoOrder, 'status' | 'paymentStatus' | 'fulfillmentStatus'> {
  if (roll < 0.05)
    return { status: 'cancelled', paymentStatus: 'refunded', fulfillmentStatus: 'unfulfilled' };
  if (age < 2 * DAY) return { status: 'processing', paymentStatus: 'paid', fulfillmentStatus: 'unfulfilled' };
  if (age < 7 * DAY && roll < 0.6)
    return { status: 'shipped', paymentStatus: 'paid', fulfillmentStatus: 'fulfilled' };
  return { status: 'delivered', paymentStatus: 'paid', fulfillmentStatus: 'fulfilled' };
}
