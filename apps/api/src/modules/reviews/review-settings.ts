import {
  DEFAULT_REVIEW_REQUEST_DELAY_DAYS,
  type ReviewSettings,
  type ReviewSettingsPatch,
} from '@cartwheel/shared/contracts/reviews';
import { inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { settings } from '../accounts/accounts.schema.ts';
import { storeSettings } from '../accounts/accounts.service.ts';

const KEYS = {
  allow_unverified: 'reviews.allow_unverified',
  request_enabled: 'reviews.request_enabled',
  request_delay_days: 'reviews.request_delay_days',
} as const satisfies Record<keyof ReviewSettings, string>;

/** Reviews from verified buyers only, and no request emails, until the shop says otherwise. */
export async function loadReviewSettings(db: Db | Tx): Promise<ReviewSettings> {
  const rows = await db
    .select()
    .from(settings)
    .where(inArray(settings.key, Object.values(KEYS)));
  const values = Object.fromEntries(rows.map((row) => [row.key, row.value]));
  const delay = values[KEYS.request_delay_days];
  return {
    allow_unverified: values[KEYS.allow_unverified] === true,
    request_enabled: values[KEYS.request_enabled] === true,
    request_delay_days: Number.isInteger(delay) ? (delay as number) : DEFAULT_REVIEW_REQUEST_DELAY_DAYS,
  };
}

export async function updateReviewSettings(db: Db, patch: ReviewSettingsPatch): Promise<ReviewSettings> {
  await storeSettings(db, [
    [KEYS.allow_unverified, patch.allow_unverified],
    [KEYS.request_enabled, patch.request_enabled],
    [KEYS.request_delay_days, patch.request_delay_days],
  ]);
  return loadReviewSettings(db);
}
