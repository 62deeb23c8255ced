import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import type { Jobs } from '../jobs/jobs.ts';
import { scaledRate } from './convert.ts';

/** Once a day: the ECB publishes its reference rates once each working day. */
const FEED_PERIOD_SECONDS = 24 * 60 * 60;
const FEED_TIMEOUT_MS = 15_000;
/** Decimals a rebased rate keeps. */
const REBASED_DECIMALS = 10n;

/**
 * The rates of an ECB `eurofxref-daily.xml` file (`<Cube currency='USD' rate='1.0823'/>`): units of
 * each currency per euro, with the euro itself at 1.
 */
export function parseEcbRates(xml: string): Map<string, string> {
  const rates = new Map<string, string>([['EUR', '1']]);
  for (const match of xml.matchAll(
    /<Cube\s+currency=['"]([A-Z]{3})['"]\s+rate=['"](\d+(?:\.\d+)?)['"]\s*\/>/g,
  )) {
    rates.set(match[1]!, match[2]!);
  }
  return rates;
}

/**
 * Rates against the euro rebased to the shop's base currency: units of each currency per base unit,
 * exact to REBASED_DECIMALS decimals. Null when the file has no rate for the base currency.
 */
export function rebaseRates(perEuro: ReadonlyMap<string, string>, base: string): Map<string, string> | null {
  const baseRate = perEuro.get(base);
  if (!baseRate) return null;
  const b = scaledRate(baseRate);
  const rebased = new Map<string, string>();
  for (const [currency, rate] of perEuro) {
    if (currency === base) continue;
    const r = scaledRate(rate);
    // (r.amount / 10^r.scale) / (b.amount / 10^b.scale), rounded half up to REBASED_DECIMALS.
    const numerator = r.amount * 10n ** (b.scale + REBASED_DECIMALS) * 2n;
    const denominator = b.amount * 10n ** r.scale;
    const q = (numerator / denominator + 1n) / 2n;
    const digits = q.toString().padStart(Number(REBASED_DECIMALS) + 1, '0');
    const whole = digits.slice(0, -Number(REBASED_DECIMALS));
    const decimals = digits.slice(-Number(REBASED_DECIMALS)).replace(/0+$/, '');
    if (q > 0n) rebased.set(currency, decimals ? `${whole}.${decimals}` : whole);
  }
  return rebased;
}

/**
 * Fetches the file and stores its rates (source 'feed'), rebased to the base currency. A rate set by
 * hand in the back office stays as it is. A failed fetch or an unreadable file throws and changes
 * nothing: the shop goes on with the rates it has.
 */
export async function fetchExchangeRates(
  db: Db,
  url: string,
  signal?: AbortSignal,
): Promise<{ stored: number }> {
  const timeout = AbortSignal.timeout(FEED_TIMEOUT_MS);
  const res = await fetch(url, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
  if (!res.ok) throw new Error(`the exchange rates feed answered ${res.status}`);
  const perEuro = parseEcbRates(await res.text());
  if (perEuro.size < 2) throw new Error('the exchange rates feed had no rates');
  const [row] = await queryRows<{ currency: string }>(db, sql`SELECT currency FROM markets WHERE is_base`);
  const base = row?.currency ?? 'USD';
  const rates = rebaseRates(perEuro, base);
  if (!rates) throw new Error(`the exchange rates feed has no rate for the base currency ${base}`);
  const json = JSON.stringify([...rates].map(([currency, rate]) => ({ currency, rate })));
  await db.execute(
    sql`INSERT INTO exchange_rates (currency, rate, source, updated_at)
      SELECT x.currency, x.rate::numeric, 'feed', now()
      FROM jsonb_to_recordset(${json}::jsonb) AS x(currency text, rate text)
      ON CONFLICT (currency) DO UPDATE SET rate = EXCLUDED.rate, source = 'feed', updated_at = now()
        WHERE exchange_rates.source = 'feed'`,
  );
  return { stored: rates.size };
}

/** The daily fetch, when EXCHANGE_RATES_URL is set. */
export function registerExchangeRatesFeed(
  jobs: Jobs,
  db: Db,
  url: string | undefined,
  log: { info(obj: object, msg?: string): void },
): void {
  if (!url) return;
  jobs.schedule('exchange-rates-fetch', FEED_PERIOD_SECONDS, async (signal) => {
    const { stored } = await fetchExchangeRates(db, url, signal);
    log.info({ stored }, 'exchange rates fetched');
  });
}
