import {
  type CheckoutSettings,
  type CheckoutSettingsPatch,
  DEFAULT_HOLD_MINUTES,
  HOLD_MINUTES_MAX,
  HOLD_MINUTES_MIN,
} from '@cartwheel/shared/contracts/shipping';
import { inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { invalid } from '../../lib/errors.ts';
import { settings } from '../accounts/accounts.schema.ts';
import { storeSettings } from '../accounts/accounts.service.ts';
import { PAYMENT_PROVIDER_NAMES, type PaymentProviderName } from '../payments/payment-provider.ts';

/** The checkout and tax settings as stored (keys of the shop's settings table). */
export interface StoredCheckoutSettings {
  guestEnabled: boolean;
  holdMinutes: number;
  pricesIncludeTax: boolean;
  /** The payment provider new checkouts use (Settings → Payments); null: PAYMENT_PROVIDER's. */
  paymentProvider: PaymentProviderName | null;
}

const KEYS = {
  guestEnabled: 'checkout.guest_enabled',
  holdMinutes: 'checkout.hold_minutes',
  pricesIncludeTax: 'tax.prices_include_tax',
  paymentProvider: 'payments.provider',
} as const satisfies Record<keyof StoredCheckoutSettings, string>;

export const SETTING_KEYS: string[] = Object.values(KEYS);
export const SETTING_KEYS_BY_NAME = KEYS;

const DEFAULTS: StoredCheckoutSettings = {
  guestEnabled: true,
  holdMinutes: DEFAULT_HOLD_MINUTES,
  pricesIncludeTax: false,
  paymentProvider: null,
};

/** Stored values over the defaults; a stored value of the wrong type is ignored. */
export function readCheckoutSettings(values: Record<string, unknown>): StoredCheckoutSettings {
  const bool = (key: string, fallback: boolean) =>
    typeof values[key] === 'boolean' ? values[key] : fallback;
  const hold = values[KEYS.holdMinutes];
  return {
    guestEnabled: bool(KEYS.guestEnabled, DEFAULTS.guestEnabled),
    holdMinutes: Number.isInteger(hold) ? (hold as number) : DEFAULTS.holdMinutes,
    pricesIncludeTax: bool(KEYS.pricesIncludeTax, DEFAULTS.pricesIncludeTax),
    paymentProvider: PAYMENT_PROVIDER_NAMES.find((n) => n === values[KEYS.paymentProvider]) ?? null,
  };
}

export async function loadCheckoutSettings(db: Db | Tx): Promise<StoredCheckoutSettings> {
  const rows = await db.select().from(settings).where(inArray(settings.key, SETTING_KEYS));
  return readCheckoutSettings(Object.fromEntries(rows.map((row) => [row.key, row.value])));
}

/** The shortest hold the payment provider allows. */
export const holdMinutesMin = (provider: PaymentProviderName) => HOLD_MINUTES_MIN[provider];

export function toCheckoutSettingsJson(
  stored: StoredCheckoutSettings,
  provider: PaymentProviderName,
): CheckoutSettings {
  return {
    guest_enabled: stored.guestEnabled,
    hold_minutes: stored.holdMinutes,
    prices_include_tax: stored.pricesIncludeTax,
    hold_minutes_min: holdMinutesMin(provider),
    hold_minutes_max: HOLD_MINUTES_MAX,
  };
}

/** Stores the fields sent (the others unchanged); the hold must suit the payment provider. */
export async function updateCheckoutSettings(
  db: Db,
  patch: CheckoutSettingsPatch,
  provider: PaymentProviderName,
): Promise<StoredCheckoutSettings> {
  const min = holdMinutesMin(provider);
  if (
    patch.hold_minutes !== undefined &&
    (patch.hold_minutes < min || patch.hold_minutes > HOLD_MINUTES_MAX)
  ) {
    const message = `Hold time must be between ${min} and ${HOLD_MINUTES_MAX} minutes`;
    throw invalid('invalid_request', `hold_minutes: ${message}`, [{ field: 'body.hold_minutes', message }]);
  }
  await storeSettings(db, [
    [KEYS.guestEnabled, patch.guest_enabled],
    [KEYS.holdMinutes, patch.hold_minutes],
    [KEYS.pricesIncludeTax, patch.prices_include_tax],
  ]);
  return loadCheckoutSettings(db);
}
