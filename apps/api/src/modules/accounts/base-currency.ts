import { currencyExponent } from '@cartwheel/shared/money';
import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { conflict } from '../../lib/errors.ts';

// The shop's base currency (decision 0066): the currency of the catalog's prices, of discounts and
// shipping rates, and of the reports. A settings row like the others; USD until one is saved.
export const BASE_CURRENCY_KEY = 'base_currency';
export const DEFAULT_BASE_CURRENCY = 'USD';

/** The base currency as stored, or USD, as a scalar SQL expression (for statements that read it with more). */
export const BASE_CURRENCY_SQL = sql`COALESCE((SELECT s.value #>> '{}' FROM settings s WHERE s.key = ${BASE_CURRENCY_KEY}), ${DEFAULT_BASE_CURRENCY})`;

/** The base currency as stored, or USD. */
export async function loadBaseCurrency(db: Db | Tx): Promise<string> {
  const [row] = await queryRows<{ code: string }>(db, sql`SELECT ${BASE_CURRENCY_SQL} AS code`);
  return row?.code ?? DEFAULT_BASE_CURRENCY;
}

// Every stored amount that is in the base currency, as (table, column) pairs rescaled together.
const BASE_AMOUNTS = [
  ['products', ['price', 'cost_price', 'sale_price']],
  ['product_variants', ['price', 'cost_price', 'retail_price', 'sale_price']],
  ['product_option_values', ['price_adjustment']],
  ['discounts', ['amount_cents', 'min_subtotal_cents']],
  ['shipping_methods', ['amount_cents', 'free_over_cents']],
] as const;

/**
 * Changes the base currency. Refused once the shop has orders (checkouts under way included): their
 * amounts, refunds and reports are in the old currency. Before that, the catalog's amounts keep
 * what they read as ("28.00" stays 28.00 in the new currency), rescaled when the minor units differ.
 */
export async function changeBaseCurrency(db: Db, next: string): Promise<void> {
  await db.transaction(async (tx) => {
    // The row lock makes two changes at once wait for each other instead of rescaling twice.
    await tx.execute(
      sql`INSERT INTO settings (key, value) VALUES (${BASE_CURRENCY_KEY}, to_jsonb(${DEFAULT_BASE_CURRENCY}::text))
        ON CONFLICT (key) DO NOTHING`,
    );
    const [current] = await queryRows<{ code: string }>(
      tx,
      sql`SELECT value #>> '{}' AS code FROM settings WHERE key = ${BASE_CURRENCY_KEY} FOR UPDATE`,
    );
    const from = current?.code ?? DEFAULT_BASE_CURRENCY;
    if (from === next) return;
    // A checkout placed meanwhile waits for the change and is then priced in the new currency.
    await tx.execute(sql`LOCK TABLE orders IN SHARE MODE`);
    const [orders] = await queryRows<{ any: boolean }>(tx, sql`SELECT EXISTS (SELECT 1 FROM orders) AS any`);
    if (orders?.any) {
      throw conflict(
        'base_currency_locked',
        `The base currency cannot change once the shop has orders: their amounts and the reports are in ${from}.`,
      );
    }
    const shift = currencyExponent(next) - currencyExponent(from);
    if (shift !== 0) {
      // Names and the shift come from this file and the ISO table, never from the request.
      const factor = `power(10::numeric, ${shift})`;
      for (const [table, columns] of BASE_AMOUNTS) {
        const sets = columns.map((c) => `${c} = round(${c} * ${factor})`).join(', ');
        await tx.execute(sql.raw(`UPDATE ${table} SET ${sets}`));
      }
      await tx.execute(sql`UPDATE shipping_methods SET weight_bands = (
          SELECT coalesce(jsonb_agg(b || jsonb_build_object('amountCents', round((b->>'amountCents')::numeric * ${sql.raw(factor)}))
            ORDER BY n), '[]'::jsonb)
          FROM jsonb_array_elements(weight_bands) WITH ORDINALITY AS e(b, n))`);
    }
    await tx.execute(sql`UPDATE discounts SET currency = ${next}`);
    await tx.execute(sql`UPDATE shipping_methods SET currency = ${next}`);
    // The base market sells in the base currency (docs/decisions/0067-markets.md); other markets'
    // rates are against the old one until they are edited or the rates feed runs.
    await tx.execute(sql`UPDATE markets SET currency = ${next}, updated_at = now() WHERE is_base`);
    await tx.execute(
      sql`UPDATE settings SET value = to_jsonb(${next}::text), updated_at = now() WHERE key = ${BASE_CURRENCY_KEY}`,
    );
  });
}
