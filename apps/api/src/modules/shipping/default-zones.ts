import { HOLD_MINUTES_MAX, HOLD_MINUTES_MIN } from '@cartwheel/shared/contracts/shipping';
import { COUNTRIES } from '@cartwheel/shared/countries';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { settings } from '../accounts/accounts.schema.ts';
import { SETTING_KEYS_BY_NAME } from './checkout-settings.ts';
import { DEFAULT_TAX_RATES } from './default-tax-rates.ts';
import { shippingMethods, shippingZones, taxRates } from './shipping.schema.ts';
import { hasTaxRates } from './tax-rates.service.ts';

type Rates = Pick<
  Config['checkout'],
  'shippingFlatCents' | 'shippingFreeOverCents' | 'taxRateBps' | 'sessionTtlMinutes'
>;
type NewMethod = Omit<typeof shippingMethods.$inferInsert, 'zoneId'>;

/** The one shipping method the environment's flat fee (free over an amount, if set) describes. */
function standardMethod(rates: Rates, fallback?: { amount: number; freeOver: number }): NewMethod {
  const amount = rates.shippingFlatCents > 0 || !fallback ? rates.shippingFlatCents : fallback.amount;
  const freeOver = rates.shippingFreeOverCents ?? fallback?.freeOver ?? null;
  return {
    name: 'Standard',
    deliveryEstimate: '3–5 business days',
    kind: freeOver === null ? 'flat' : 'free_over',
    amountCents: amount,
    freeOverCents: freeOver,
    position: 0,
  };
}

async function addZone(
  tx: Tx,
  name: string,
  countries: string[],
  methods: NewMethod[],
  restOfWorld = false,
): Promise<void> {
  const [zone] = await tx
    .insert(shippingZones)
    .values({ name, countries, restOfWorld })
    .returning({ id: shippingZones.id });
  if (!zone) throw new Error('zone insert returned nothing');
  if (methods.length)
    await tx.insert(shippingMethods).values(methods.map((m) => ({ ...m, zoneId: zone.id })));
}

/**
 * The taxes a shop starts with: the demo shop the standard rates by place; another shop the one rate
 * TAX_RATE_BPS names, in every country, as it charged before taxes were by place, or none (a shop
 * collects tax only where it is registered: its admin adds those places, or the standard rates).
 */
async function addTaxRates(tx: Tx, kind: 'demo' | 'everywhere', taxRateBps: number): Promise<void> {
  if (await hasTaxRates(tx)) return;
  if (kind === 'demo') {
    await tx.insert(taxRates).values(DEFAULT_TAX_RATES.map((r) => ({ ...r })));
  } else if (taxRateBps > 0) {
    await tx
      .insert(taxRates)
      .values(COUNTRIES.map((c) => ({ country: c.code, state: null, name: 'Tax', rateBps: taxRateBps })));
  }
}

/**
 * The stock hold an install had before it was a setting (CHECKOUT_SESSION_TTL_MINUTES), kept as the
 * setting unless one is stored, within the bounds the back office allows.
 */
async function keepHoldMinutes(tx: Tx, minutes: number): Promise<void> {
  const value = Math.min(Math.max(minutes, HOLD_MINUTES_MIN.local), HOLD_MINUTES_MAX);
  await tx
    .insert(settings)
    .values({ key: SETTING_KEYS_BY_NAME.holdMinutes, value })
    .onConflictDoNothing({ target: settings.key });
}

/**
 * A shop without any shipping zone gets one at start: the demo shop "United States" (Standard and
 * Express) and "Rest of world" with the standard taxes by place; any other shop "Everywhere", from
 * the shipping and tax it charged before zones existed (SHIPPING_FLAT_CENTS, SHIPPING_FREE_OVER_CENTS,
 * TAX_RATE_BPS), and the stock hold
 * of CHECKOUT_SESSION_TTL_MINUTES becomes the hold setting. Does nothing once any zone exists, so an
 * admin's later changes stay; concurrent starts take turns on a lock.
 */
export async function ensureShippingZones(
  db: Db,
  rates: Rates,
  kind: 'demo' | 'everywhere',
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('cartwheel.shipping_zones'))`);
    const [existing] = await tx.select({ id: shippingZones.id }).from(shippingZones).limit(1);
    if (existing) return false;
    await keepHoldMinutes(tx, rates.sessionTtlMinutes);
    const everyCountry = COUNTRIES.map((c) => c.code);
    if (kind === 'everywhere') {
      await addZone(tx, 'Everywhere', everyCountry, [standardMethod(rates)], true);
      await addTaxRates(tx, 'everywhere', rates.taxRateBps);
      return true;
    }
    await addZone(
      tx,
      'United States',
      ['US'],
      [
        standardMethod(rates, { amount: 599, freeOver: 5000 }),
        {
          name: 'Express',
          deliveryEstimate: '1–2 business days',
          kind: 'flat',
          amountCents: 1499,
          position: 1,
        },
      ],
    );
    await addZone(
      tx,
      'Rest of world',
      everyCountry.filter((code) => code !== 'US'),
      [
        {
          name: 'International',
          deliveryEstimate: '7–14 business days',
          kind: 'flat',
          amountCents: 1999,
          position: 0,
        },
      ],
      true,
    );
    await addTaxRates(tx, 'demo', 0);
    return true;
  });
}
