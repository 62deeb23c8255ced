// The demo shop's markets (docs/decisions/0067-markets.md): the United States is the base market the
// migration made; Canada, the United Kingdom, the European Union and Japan sell at plausible rates.
import { sql } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { exchangeRates, markets } from '../schema.ts';

const EU_COUNTRIES = [
  'AT',
  'BE',
  'BG',
  'CY',
  'CZ',
  'DE',
  'DK',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'HU',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SE',
  'SI',
  'SK',
];

/** The markets beside the base one, in the picker's order. */
export const DEMO_MARKETS: Array<typeof markets.$inferInsert> = [
  {
    handle: 'ca',
    name: 'Canada',
    countries: ['CA'],
    currency: 'CAD',
    languages: ['en', 'fr'],
    weightUnit: 'kg',
    rounding: 'x.99',
    position: 1,
  },
  {
    handle: 'uk',
    name: 'United Kingdom',
    countries: ['GB'],
    currency: 'GBP',
    languages: ['en'],
    pricesIncludeTax: true,
    weightUnit: 'kg',
    rounding: 'x.99',
    position: 2,
  },
  {
    handle: 'eu',
    name: 'European Union',
    countries: EU_COUNTRIES,
    currency: 'EUR',
    languages: ['de', 'fr', 'es'],
    pricesIncludeTax: true,
    weightUnit: 'kg',
    rounding: 'x.99',
    position: 3,
  },
  {
    handle: 'jp',
    name: 'Japan',
    countries: ['JP'],
    currency: 'JPY',
    languages: ['ja'],
    pricesIncludeTax: true,
    weightUnit: 'kg',
    rounding: 'whole',
    position: 4,
  },
];

/** Units per US dollar, set by hand (a shop with EXCHANGE_RATES_URL gets the day's rates). */
export const DEMO_RATES: Record<string, string> = { CAD: '1.37', GBP: '0.79', EUR: '0.92', JPY: '151.37' };

export async function seedDemoMarkets(tx: Tx): Promise<void> {
  await tx.update(markets).set({ weightUnit: 'lb', position: 0 }).where(sql`${markets.handle} = 'us'`);
  await tx.insert(markets).values(DEMO_MARKETS).onConflictDoNothing();
  await tx
    .insert(exchangeRates)
    .values(
      Object.entries(DEMO_RATES).map(([currency, rate]) => ({ currency, rate, source: 'manual' as const })),
    )
    .onConflictDoNothing();
}
