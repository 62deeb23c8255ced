import { localeOfPrefix, marketForLocale } from '@cartwheel/shared/locale';
import { sql } from 'drizzle-orm';
import { type Db, queryPrepared, type Tx } from '../../db/client.ts';
import type { ChangeFeed } from '../../lib/change-feed.ts';
import { AppError } from '../../lib/errors.ts';
import type { RoundingRule } from './markets.schema.ts';

/** A market as the catalog reads and the checkout use it. */
export interface Market {
  id: string;
  handle: string;
  name: string;
  countries: string[];
  currency: string;
  languages: string[];
  isBase: boolean;
  pricesIncludeTax: boolean;
  weightUnit: 'kg' | 'lb';
  rounding: RoundingRule;
  isActive: boolean;
  /** How many fixed prices it has: none means no lookup of them. */
  fixedPrices: number;
}

/** A market with what pricing in it needs: the base currency and the rate from it. */
export interface MarketPricing {
  market: Market;
  /** The shop's base currency: the base market's. */
  base: string;
  /** Units of the market's currency per base unit ('1' in the base market). */
  rate: string;
}

interface MarketsState {
  markets: Market[];
  rates: Map<string, string>;
}

interface MarketRow {
  id: string;
  handle: string;
  name: string;
  countries: string[];
  currency: string;
  languages: string[];
  is_base: boolean;
  prices_include_tax: boolean;
  weight_unit: 'kg' | 'lb';
  rounding: RoundingRule;
  is_active: boolean;
  fixed_prices: number;
  rates: Record<string, string> | null;
}

/** Every market, with the exchange rates, in one statement. */
export async function loadMarkets(db: Db | Tx): Promise<MarketsState> {
  const rows = await queryPrepared<MarketRow>(
    db,
    sql`SELECT m.id, m.handle, m.name, m.countries, m.currency, m.languages, m.is_base,
        m.prices_include_tax, m.weight_unit, m.rounding, m.is_active,
        (SELECT count(*)::int FROM market_variant_prices p WHERE p.market_id = m.id) AS fixed_prices,
        (SELECT jsonb_object_agg(r.currency, r.rate::text) FROM exchange_rates r) AS rates
      FROM markets m ORDER BY m.position, m.name, m.id`,
  );
  return {
    markets: rows.map((r) => ({
      id: r.id,
      handle: r.handle,
      name: r.name,
      countries: r.countries,
      currency: r.currency,
      languages: r.languages,
      isBase: r.is_base,
      pricesIncludeTax: r.prices_include_tax,
      weightUnit: r.weight_unit,
      rounding: r.rounding,
      isActive: r.is_active,
      fixedPrices: Number(r.fixed_prices),
    })),
    rates: new Map(Object.entries(rows[0]?.rates ?? {})),
  };
}

const unknownMarket = (handle: string) =>
  new AppError(
    'invalid',
    'unknown_market',
    `There is no market "${handle}". Leave out market for the base market.`,
    [{ field: 'market', message: `There is no market "${handle}"` }],
  );

/** Which market a request names: its active market by handle, or the base market when none is named. */
export function pricingIn(state: MarketsState, handle: string | undefined): MarketPricing {
  const base = state.markets.find((m) => m.isBase);
  if (!base) throw new Error('the shop has no base market');
  const market = handle === undefined ? base : state.markets.find((m) => m.handle === handle && m.isActive);
  if (!market) throw unknownMarket(handle ?? '');
  if (market.currency === base.currency) return { market, base: base.currency, rate: '1' };
  const rate = state.rates.get(market.currency);
  if (!rate) {
    throw new AppError(
      'unprocessable',
      'market_without_rate',
      `The ${market.name} market cannot sell yet: there is no exchange rate for ${market.currency}.`,
    );
  }
  return { market, base: base.currency, rate };
}

/**
 * The markets and exchange rates in memory, read once and kept until the change feed says a
 * markets table changed; without a live feed every call reads them. Their tables notify without a
 * payload; notifications naming products, categories or brands (every sale moves stock) leave them.
 */
export class MarketsCache {
  #state: Promise<MarketsState> | null = null;
  #generation = 0;
  readonly #live: boolean;

  constructor(feed: ChangeFeed) {
    this.#live = feed.live;
    feed.on('catalog', (payload) => {
      if (!payload) this.clear();
    });
  }

  clear(): void {
    this.#generation++;
    this.#state = null;
  }

  /** Every market and rate, from memory when nothing changed since they were read. */
  state(db: Db): Promise<MarketsState> {
    if (this.#state) return this.#state;
    const generation = this.#generation;
    const loading = loadMarkets(db);
    if (!this.#live) return loading;
    this.#state = loading;
    // A read that started before a change is answered but not kept; a failed one is not kept either.
    loading.then(
      () => {
        if (generation !== this.#generation && this.#state === loading) this.#state = null;
      },
      () => {
        if (this.#state === loading) this.#state = null;
      },
    );
    return loading;
  }

  /**
   * The market a request names (`?market=`), else the one its storefront locale shops in (`?locale=`,
   * the address prefix 'de' or 'fr-ca', or a tag 'fr-CA'), else the base market; unknown handles are
   * refused (400), a locale the shop does not speak counts as none.
   */
  async resolve(db: Db, handle: string | undefined, locale?: string): Promise<MarketPricing> {
    const state = await this.state(db);
    const shopper = handle === undefined && locale ? localeOfPrefix(locale) : undefined;
    const active = state.markets
      .filter((m) => m.isActive)
      .sort((a, b) => Number(b.isBase) - Number(a.isBase));
    return pricingIn(state, shopper ? marketForLocale(active, shopper)?.handle : handle);
  }
}
