import {
  DEFAULT_ABANDONED_DELAY_MINUTES,
  type MarketingSettings,
  type MarketingSettingsPatch,
} from '@cartwheel/shared/contracts/marketing';
import { inArray, sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { invalid } from '../../lib/errors.ts';
import { settings } from '../accounts/accounts.schema.ts';
import { storeSettings } from '../accounts/accounts.service.ts';

const KEYS = {
  abandoned_enabled: 'marketing.abandoned_enabled',
  abandoned_delay_minutes: 'marketing.abandoned_delay_minutes',
  abandoned_discount_code: 'marketing.abandoned_discount_code',
} as const satisfies Record<keyof MarketingSettings, string>;

/** Abandoned-checkout recovery: off until the shop turns it on. */
export async function loadMarketingSettings(db: Db | Tx): Promise<MarketingSettings> {
  const rows = await db
    .select()
    .from(settings)
    .where(inArray(settings.key, Object.values(KEYS)));
  const values = Object.fromEntries(rows.map((row) => [row.key, row.value]));
  const delay = values[KEYS.abandoned_delay_minutes];
  const code = values[KEYS.abandoned_discount_code];
  return {
    abandoned_enabled: values[KEYS.abandoned_enabled] === true,
    abandoned_delay_minutes: Number.isInteger(delay) ? (delay as number) : DEFAULT_ABANDONED_DELAY_MINUTES,
    abandoned_discount_code: typeof code === 'string' && code ? code : null,
  };
}

/** Stores the fields sent; a discount code must be one the shop has (stored as the shop wrote it). */
export async function updateMarketingSettings(
  db: Db,
  patch: MarketingSettingsPatch,
): Promise<MarketingSettings> {
  let code = patch.abandoned_discount_code;
  if (code === '') code = null;
  if (code) {
    const [found] = await queryRows<{ code: string }>(
      db,
      sql`SELECT code FROM discounts WHERE upper(code) = upper(${code}) LIMIT 1`,
    );
    if (!found) {
      const message = `No discount has the code ${code}`;
      throw invalid('invalid_request', message, [{ field: 'body.abandoned_discount_code', message }]);
    }
    code = found.code;
  }
  await storeSettings(db, [
    [KEYS.abandoned_enabled, patch.abandoned_enabled],
    [KEYS.abandoned_delay_minutes, patch.abandoned_delay_minutes],
    [KEYS.abandoned_discount_code, code === undefined ? undefined : (code ?? '')],
  ]);
  return loadMarketingSettings(db);
}
