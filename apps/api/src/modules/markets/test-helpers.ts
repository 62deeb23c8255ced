// Helpers for the markets tests (not a test file itself).
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client.ts';
import type { RoundingRule } from './markets.schema.ts';

export interface TestMarket {
  handle: string;
  currency: string;
  rate?: string;
  rounding?: RoundingRule;
  countries?: string[];
  languages?: string[];
  pricesIncludeTax?: boolean;
  isActive?: boolean;
}

/** A market beside the migration's base market 'us' (USD), with its exchange rate. */
export async function addMarket(db: Db, m: TestMarket): Promise<string> {
  const countries = `{${(m.countries ?? []).join(',')}}`;
  const languages = `{${(m.languages ?? ['en']).join(',')}}`;
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO markets (handle, name, countries, currency, languages, rounding, prices_include_tax, is_active)
      VALUES (${m.handle}, ${m.handle.toUpperCase()}, ${countries}::text[], ${m.currency}, ${languages}::text[],
        ${m.rounding ?? 'none'}, ${m.pricesIncludeTax ?? false}, ${m.isActive ?? true})
      RETURNING id`,
  );
  if (m.rate) await setRate(db, m.currency, m.rate);
  if (!row) throw new Error('no market inserted');
  return row.id;
}

export async function setRate(db: Db, currency: string, rate: string): Promise<void> {
  await db.execute(
    sql`INSERT INTO exchange_rates (currency, rate) VALUES (${currency}, ${rate}::numeric)
      ON CONFLICT (currency) DO UPDATE SET rate = EXCLUDED.rate, updated_at = now()`,
  );
}

export async function fixPrice(
  db: Db,
  marketId: string,
  productId: string,
  variantId: string | null,
  price: number,
  salePrice: number | null = null,
): Promise<void> {
  await db.execute(
    sql`INSERT INTO market_variant_prices (market_id, product_id, variant_id, price, sale_price)
      VALUES (${marketId}::uuid, ${productId}::uuid, ${variantId}::uuid, ${price}, ${salePrice})`,
  );
}
