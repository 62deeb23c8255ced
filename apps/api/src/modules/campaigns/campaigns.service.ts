import {
  type Campaign,
  type CampaignBody,
  type CampaignReport,
  type CampaignSettings,
  DEFAULT_CAMPAIGN_RATE,
} from '@cartwheel/shared/contracts/campaigns';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { storeSettings } from '../accounts/accounts.service.ts';
import { IS_PLACED } from '../orders/customer-figures.ts';
import { isoTime, orderBaseAmount } from '../orders/order-sql.ts';
import { checkBlocks } from './campaign-email.ts';
import { json } from './segments.service.ts';

/** Orders count towards a campaign when placed within this many days of a click (or of the send). */
export const ATTRIBUTION_DAYS = 7;

const RATE_KEY = 'campaigns.send_rate_per_minute';

/** How many campaign emails go out per minute (the send job's batch per minute). */
export async function loadCampaignSettings(db: Db | Tx): Promise<CampaignSettings> {
  const [row] = await queryRows<{ value: unknown }>(
    db,
    sql`SELECT value FROM settings WHERE key = ${RATE_KEY}`,
  );
  const rate = json(row?.value ?? null);
  return { send_rate_per_minute: Number.isInteger(rate) ? (rate as number) : DEFAULT_CAMPAIGN_RATE };
}

export async function updateCampaignSettings(db: Db, patch: CampaignSettings): Promise<CampaignSettings> {
  await storeSettings(db, [[RATE_KEY, patch.send_rate_per_minute]]);
  return loadCampaignSettings(db);
}

/**
 * A campaign's figures: recipients, sent, opened, clicked, and the orders its recipients placed from
 * the send until ATTRIBUTION_DAYS after their click (or after the send, without one), with their
 * totals in the base currency.
 */
export async function campaignReport(db: Db | Tx, campaignId: string): Promise<CampaignReport> {
  const [counts] = await queryRows<Omit<CampaignReport, 'orders' | 'revenue'>>(
    db,
    sql`SELECT count(*)::int AS recipients, count(*) FILTER (WHERE status = 'sent')::int AS sent,
        count(opened_at)::int AS opened, count(clicked_at)::int AS clicked
      FROM campaign_recipients WHERE campaign_id = ${campaignId}`,
  );
  const [orders] = await queryRows<{ orders: number; revenue: number | string }>(
    db,
    sql`SELECT count(*)::int AS orders, COALESCE(sum(${orderBaseAmount('total')}), 0)::bigint AS revenue
      FROM orders o WHERE ${IS_PLACED} AND o.payment_status IN ('paid', 'partially_refunded')
        AND EXISTS (SELECT 1 FROM campaign_recipients r
          WHERE r.campaign_id = ${campaignId} AND r.status = 'sent' AND r.email = lower(o.customer_email)
            AND o.created_at >= r.sent_at
            AND o.created_at < COALESCE(r.clicked_at, r.sent_at) + make_interval(days => ${ATTRIBUTION_DAYS}))`,
  );
  return {
    recipients: counts?.recipients ?? 0,
    sent: counts?.sent ?? 0,
    opened: counts?.opened ?? 0,
    clicked: counts?.clicked ?? 0,
    orders: orders?.orders ?? 0,
    revenue: Number(orders?.revenue ?? 0),
  };
}

interface Row {
  id: string;
  name: string;
  subject: string;
  segment_id: string | null;
  segment_name: string | null;
  blocks: Campaign['blocks'] | string;
  status: Campaign['status'];
  sent_at: string | null;
  created_at: string;
}

const SELECT = sql`SELECT c.id, c.name, c.subject, c.segment_id, s.name AS segment_name, c.blocks, c.status,
    CASE WHEN c.sent_at IS NULL THEN NULL ELSE ${isoTime(sql`c.sent_at`)} END AS sent_at,
    ${isoTime(sql`c.created_at`)} AS created_at
  FROM campaigns c LEFT JOIN segments s ON s.id = c.segment_id`;

const toCampaign = async (db: Db | Tx, row: Row): Promise<Campaign> => ({
  ...row,
  blocks: json(row.blocks),
  report: await campaignReport(db, row.id),
});

export async function listCampaigns(db: Db): Promise<Campaign[]> {
  const rows = await queryRows<Row>(db, sql`${SELECT} ORDER BY c.created_at DESC, c.id`);
  return Promise.all(rows.map((row) => toCampaign(db, row)));
}

export async function getCampaign(db: Db | Tx, id: string): Promise<Campaign> {
  const [row] = await queryRows<Row>(db, sql`${SELECT} WHERE c.id = ${id}`);
  if (!row) throw notFound('campaign_not_found', 'Campaign not found');
  return toCampaign(db, row);
}

async function checkBody(db: Db, config: Pick<Config, 'publicUrl'>, body: CampaignBody) {
  if (body.segment_id) {
    const [found] = await queryRows(db, sql`SELECT 1 FROM segments WHERE id = ${body.segment_id}`);
    if (!found) {
      const message = 'Segment not found';
      throw invalid('invalid_request', message, [{ field: 'body.segment_id', message }]);
    }
  }
  await checkBlocks(db, config, body.blocks);
}

export async function createCampaign(
  db: Db,
  config: Pick<Config, 'publicUrl'>,
  body: CampaignBody,
): Promise<Campaign> {
  await checkBody(db, config, body);
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`INSERT INTO campaigns (name, subject, segment_id, blocks)
      VALUES (${body.name}, ${body.subject}, ${body.segment_id}, ${JSON.stringify(body.blocks)}::jsonb) RETURNING id`,
  );
  return getCampaign(db, row!.id);
}

/** Saves a draft; a campaign that has been sent is kept as it went out (409). */
export async function updateCampaign(
  db: Db,
  config: Pick<Config, 'publicUrl'>,
  id: string,
  body: CampaignBody,
): Promise<Campaign> {
  await checkBody(db, config, body);
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`UPDATE campaigns SET name = ${body.name}, subject = ${body.subject}, segment_id = ${body.segment_id},
        blocks = ${JSON.stringify(body.blocks)}::jsonb, updated_at = now()
      WHERE id = ${id} AND status = 'draft' RETURNING id`,
  );
  if (!row) {
    await getCampaign(db, id);
    throw conflict('campaign_already_sent', 'This campaign has been sent and can no longer be changed');
  }
  return getCampaign(db, id);
}

/** Deletes a draft; a sent campaign stays for its report (409). */
export async function deleteCampaign(db: Db, id: string): Promise<void> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`DELETE FROM campaigns WHERE id = ${id} AND status = 'draft' RETURNING id`,
  );
  if (!row) {
    await getCampaign(db, id);
    throw conflict('campaign_already_sent', 'A sent campaign is kept for its report');
  }
}
