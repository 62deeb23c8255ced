import type { ExchangeRate, Market, MarketList, marketInput } from '@cartwheel/shared/contracts/markets';
import { countryName } from '@cartwheel/shared/countries';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { AppError, conflict, notFound } from '../../lib/errors.ts';
import { pgErrorInfo } from '../../lib/pg-error.ts';
import { products, productVariants } from '../catalog/catalog.schema.ts';
import { exchangeRates, markets, marketVariantPrices } from './markets.schema.ts';

type MarketFields = z.output<typeof marketInput>;

const marketNotFound = () => notFound('market_not_found', 'Market not found');

function toMarketJson(row: typeof markets.$inferSelect, fixedPrices: number): Market {
  return {
    id: row.id,
    handle: row.handle,
    name: row.name,
    countries: row.countries,
    currency: row.currency,
    languages: row.languages,
    is_base: row.isBase,
    prices_include_tax: row.pricesIncludeTax,
    weight_unit: row.weightUnit,
    rounding: row.rounding,
    position: row.position,
    is_active: row.isActive,
    fixed_prices: fixedPrices,
  };
}

async function fixedCounts(db: Db | Tx): Promise<Map<string, number>> {
  const rows = await queryRows<{ market_id: string; n: number }>(
    db,
    sql`SELECT market_id, count(*)::int AS n FROM market_variant_prices GROUP BY market_id`,
  );
  return new Map(rows.map((r) => [r.market_id, Number(r.n)]));
}

export async function listRates(db: Db | Tx): Promise<ExchangeRate[]> {
  const rows = await queryRows<ExchangeRate>(
    db,
    sql`SELECT currency, rate::text AS rate, source, to_json(updated_at) #>> '{}' AS updated_at
      FROM exchange_rates ORDER BY currency`,
  );
  return rows;
}

export async function listMarkets(db: Db, ratesFeed: boolean): Promise<MarketList> {
  const [rows, counts, rates] = await Promise.all([
    db.select().from(markets).orderBy(markets.position, markets.name),
    fixedCounts(db),
    listRates(db),
  ]);
  const base = rows.find((m) => m.isBase);
  return {
    items: rows.map((m) => toMarketJson(m, counts.get(m.id) ?? 0)),
    base_currency: base?.currency ?? 'USD',
    rates,
    rates_feed: ratesFeed,
  };
}

/** One market, or a 404. */
export async function getMarket(db: Db | Tx, marketId: string): Promise<Market> {
  const [row] = await db.select().from(markets).where(eq(markets.id, marketId));
  if (!row) throw marketNotFound();
  return toMarketJson(row, (await fixedCounts(db)).get(row.id) ?? 0);
}

/** A country sells in one active market at a time: the checkout and the storefront's picker choose by it. */
async function checkCountries(tx: Tx, marketId: string | null, input: MarketFields): Promise<void> {
  if (!input.is_active || input.countries.length === 0) return;
  const others = await tx
    .select({ name: markets.name, countries: markets.countries })
    .from(markets)
    .where(marketId ? and(eq(markets.isActive, true), ne(markets.id, marketId)) : eq(markets.isActive, true));
  for (const other of others) {
    const taken = input.countries.find((c) => other.countries.includes(c));
    if (taken) {
      const message = `${countryName(taken)} is already in the market ${other.name}`;
      throw new AppError('conflict', 'country_in_another_market', message, [
        { field: 'body.countries', message },
      ]);
    }
  }
}

const lockMarkets = (tx: Tx) => tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('cartwheel.markets'))`);

function fields(input: MarketFields) {
  return {
    handle: input.handle,
    name: input.name,
    countries: [...new Set(input.countries)],
    currency: input.currency,
    languages: [...new Set(input.languages)],
    pricesIncludeTax: input.prices_include_tax,
    weightUnit: input.weight_unit,
    rounding: input.rounding,
    position: input.position,
    isActive: input.is_active,
  };
}

function handleTaken(error: unknown, handle: string): never {
  if (pgErrorInfo(error)?.code === '23505') {
    const message = `Another market has the handle ${handle}`;
    throw new AppError('conflict', 'handle_taken', message, [{ field: 'body.handle', message }]);
  }
  throw error;
}

export async function createMarket(db: Db, input: MarketFields): Promise<Market> {
  return db
    .transaction(async (tx) => {
      await lockMarkets(tx);
      await checkCountries(tx, null, input);
      const [row] = await tx.insert(markets).values(fields(input)).returning();
      return toMarketJson(row!, 0);
    })
    .catch((error: unknown) => handleTaken(error, input.handle));
}

export async function updateMarket(db: Db, marketId: string, input: MarketFields): Promise<Market> {
  return db
    .transaction(async (tx) => {
      await lockMarkets(tx);
      const [current] = await tx.select().from(markets).where(eq(markets.id, marketId)).for('update');
      if (!current) throw marketNotFound();
      if (current.isBase && (input.currency !== current.currency || !input.is_active)) {
        throw conflict(
          'base_market',
          "The base market sells in the shop's base currency and stays active: its currency and status cannot change here",
        );
      }
      await checkCountries(tx, marketId, input);
      await tx
        .update(markets)
        .set({ ...fields(input), updatedAt: sql`now()` })
        .where(eq(markets.id, marketId));
      return getMarket(tx, marketId);
    })
    .catch((error: unknown) => handleTaken(error, input.handle));
}

export async function deleteMarket(db: Db, marketId: string): Promise<void> {
  const [row] = await db.select({ isBase: markets.isBase }).from(markets).where(eq(markets.id, marketId));
  if (!row) throw marketNotFound();
  if (row.isBase) throw conflict('base_market', 'The base market cannot be deleted');
  await db.delete(markets).where(eq(markets.id, marketId));
}

/** Sets a rate by hand (source 'manual'); the base currency's rate is always 1 and is not stored. */
export async function setExchangeRate(db: Db, currency: string, rate: string): Promise<ExchangeRate> {
  const [base] = await db
    .select({ currency: markets.currency })
    .from(markets)
    .where(eq(markets.isBase, true));
  if (base?.currency === currency) {
    throw new AppError(
      'invalid',
      'base_currency_rate',
      `${currency} is the base currency: its rate is always 1`,
    );
  }
  await db
    .insert(exchangeRates)
    .values({ currency, rate, source: 'manual' })
    .onConflictDoUpdate({
      target: exchangeRates.currency,
      set: { rate, source: 'manual', updatedAt: sql`now()` },
    });
  const [row] = (await listRates(db)).filter((r) => r.currency === currency);
  return row!;
}

export async function deleteExchangeRate(db: Db, currency: string): Promise<void> {
  const deleted = await db.delete(exchangeRates).where(eq(exchangeRates.currency, currency)).returning();
  if (deleted.length === 0) throw notFound('rate_not_found', `There is no rate for ${currency}`);
}

export async function listFixedPrices(db: Db, marketId: string, productId: string) {
  const market = await getMarket(db, marketId);
  const items = await db
    .select({
      variant_id: marketVariantPrices.variantId,
      price: marketVariantPrices.price,
      sale_price: marketVariantPrices.salePrice,
    })
    .from(marketVariantPrices)
    .where(and(eq(marketVariantPrices.marketId, marketId), eq(marketVariantPrices.productId, productId)));
  return { currency: market.currency, items };
}

/** Replaces a product's fixed prices in a market: each for the product itself or one of its variants. */
export async function replaceFixedPrices(
  db: Db,
  marketId: string,
  productId: string,
  items: Array<{ variant_id: string | null; price: number; sale_price: number | null }>,
) {
  await db.transaction(async (tx) => {
    await getMarket(tx, marketId);
    const [product] = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId));
    if (!product) throw notFound('product_not_found', 'Product not found');
    const variants = new Set(
      (
        await tx
          .select({ id: productVariants.id })
          .from(productVariants)
          .where(eq(productVariants.productId, productId))
      ).map((v) => v.id),
    );
    const seen = new Set<string>();
    for (const [i, item] of items.entries()) {
      const key = item.variant_id ?? '';
      if (item.variant_id !== null && !variants.has(item.variant_id)) {
        throw new AppError('invalid', 'variant_not_found', 'That variant is not one of this product', [
          { field: `body.items.${i}.variant_id`, message: 'Not a variant of this product' },
        ]);
      }
      if (seen.has(key)) {
        throw new AppError('invalid', 'duplicate_price', 'Each variant takes one fixed price', [
          { field: `body.items.${i}.variant_id`, message: 'Listed twice' },
        ]);
      }
      seen.add(key);
    }
    await tx
      .delete(marketVariantPrices)
      .where(and(eq(marketVariantPrices.marketId, marketId), eq(marketVariantPrices.productId, productId)));
    if (items.length) {
      await tx.insert(marketVariantPrices).values(
        items.map((i) => ({
          marketId,
          productId,
          variantId: i.variant_id,
          price: i.price,
          salePrice: i.sale_price,
        })),
      );
    }
  });
  return listFixedPrices(db, marketId, productId);
}
