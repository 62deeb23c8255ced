import type { Campaign, CampaignBlock } from '@cartwheel/shared/contracts/campaigns';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import { conflict, invalid, notFound } from '../../lib/errors.ts';
import { audit } from '../audit/audit.service.ts';
import type { Mailer } from '../email/mailer.ts';
import type { JobRun, Jobs } from '../jobs/jobs.ts';
import { unsubscribeLinks } from '../marketing/unsubscribe.ts';
import { type CampaignConfig, personalize, renderCampaign } from './campaign-email.ts';
import { recipientToken } from './campaign-links.ts';
import { getCampaign, loadCampaignSettings } from './campaigns.service.ts';
import { segmentCustomers } from './segment-query.ts';
import { json, loadSegment } from './segments.service.ts';

// Sending a campaign (docs/decisions/0092-segments-and-campaigns.md): the send writes one
// campaign_recipients row per consenting address of the segment and queues the campaign-send job,
// in one transaction. Each run of the job sends up to the shop's rate and queues the next run a
// minute later. A recipient's row turns `sent` in the transaction that records their email, so a
// retried or restarted run never sends anyone a second message.

const QUEUE = 'campaign-send';
/** Recipients sent per transaction inside a run. */
const CHUNK = 50;
/** A run sends at most the per-minute rate, then the next run starts this much later. */
const PERIOD_SECONDS = 60;

export interface CampaignSendContext {
  db: Db;
  config: CampaignConfig;
  mailer: Mailer;
  jobs: Jobs;
}

/**
 * Sends a draft campaign to its segment's customers who consented to marketing email (now): their
 * recipient rows, the first job and the audit row in one transaction. 409 when it was sent already.
 */
export async function sendCampaign(
  ctx: CampaignSendContext,
  request: FastifyRequest,
  campaignId: string,
): Promise<Campaign> {
  const campaign = await getCampaign(ctx.db, campaignId);
  if (campaign.status !== 'draft')
    throw conflict('campaign_already_sent', 'This campaign has already been sent');
  if (!campaign.segment_id) {
    const message = 'Choose a segment to send the campaign to';
    throw invalid('invalid_request', message, [{ field: 'segment_id', message }]);
  }
  if (campaign.blocks.length === 0) {
    const message = 'Add at least one block to the campaign';
    throw invalid('invalid_request', message, [{ field: 'blocks', message }]);
  }
  await ctx.db.transaction(async (tx) => {
    const [started] = await queryRows<{ id: string }>(
      tx,
      sql`UPDATE campaigns SET status = 'sending', sent_at = now(), updated_at = now()
        WHERE id = ${campaignId} AND status = 'draft' RETURNING id`,
    );
    if (!started) throw conflict('campaign_already_sent', 'This campaign has already been sent');
    const segment = await loadSegment(tx, campaign.segment_id!);
    const [added] = await queryRows<{ n: number }>(
      tx,
      sql`WITH added AS (INSERT INTO campaign_recipients (campaign_id, email, first_name)
          SELECT ${campaignId}, seg.email, seg.first_name FROM ${segmentCustomers(segment.filters)} seg
          WHERE seg.consented ON CONFLICT (campaign_id, email) DO NOTHING RETURNING 1)
        SELECT count(*)::int AS n FROM added`,
    );
    await ctx.jobs.enqueue(QUEUE, { campaignId }, { tx });
    await audit.record(tx, request, {
      action: 'campaign.sent',
      target: { type: 'campaign', id: campaignId, label: campaign.name },
      changes: { recipients: [null, added?.n ?? 0], segment: [null, segment.name] },
    });
  });
  ctx.jobs.wake(QUEUE);
  return getCampaign(ctx.db, campaignId);
}

/**
 * One run of the campaign-send job: sends up to the rate's worth of queued recipients, skipping any
 * who unsubscribed since the send, then queues the next run or marks the campaign sent. Returns how
 * many emails this run queued.
 */
export async function sendCampaignBatch(
  ctx: CampaignSendContext,
  campaignId: string,
  run: Pick<JobRun, 'signal'>,
): Promise<number> {
  const [campaign] = await queryRows<{
    id: string;
    subject: string;
    blocks: CampaignBlock[] | string;
    status: string;
  }>(ctx.db, sql`SELECT id, subject, blocks, status FROM campaigns WHERE id = ${campaignId}`);
  if (campaign?.status !== 'sending') return 0;
  const { send_rate_per_minute: rate } = await loadCampaignSettings(ctx.db);
  const rendered = await renderCampaign(
    ctx.db,
    ctx.config,
    { id: campaign.id, subject: campaign.subject, blocks: json(campaign.blocks) },
    true,
  );
  let sent = 0;
  let handled = 0;
  while (handled < rate) {
    run.signal.throwIfAborted();
    const chunk = await ctx.db.transaction(async (tx) => {
      const due = await queryRows<{ id: string; email: string; unsubscribed: boolean }>(
        tx,
        sql`SELECT r.id, r.email, EXISTS (SELECT 1 FROM marketing_unsubscribes u, campaigns c
            WHERE c.id = r.campaign_id AND u.email = r.email AND u.unsubscribed_at >= c.sent_at) AS unsubscribed
          FROM campaign_recipients r WHERE r.campaign_id = ${campaignId} AND r.status = 'queued'
          ORDER BY r.id LIMIT ${Math.min(CHUNK, rate - handled)} FOR UPDATE OF r SKIP LOCKED`,
      );
      let queued = 0;
      for (const recipient of due) {
        if (!recipient.unsubscribed) {
          const token = recipientToken(ctx.config, recipient.id);
          const links = unsubscribeLinks(ctx.config, recipient.email);
          await ctx.mailer.queue(tx, personalize(rendered, recipient.email, 'campaign', token, links));
          queued++;
        }
        await tx.execute(
          sql`UPDATE campaign_recipients SET status = ${recipient.unsubscribed ? 'skipped' : 'sent'},
              sent_at = ${recipient.unsubscribed ? null : sql`now()`}
            WHERE id = ${recipient.id}`,
        );
      }
      return { handled: due.length, queued };
    });
    if (chunk.handled === 0) break;
    handled += chunk.handled;
    sent += chunk.queued;
  }
  const [left] = await queryRows<{ n: number }>(
    ctx.db,
    sql`SELECT count(*)::int AS n FROM campaign_recipients WHERE campaign_id = ${campaignId} AND status = 'queued'`,
  );
  if (left?.n) {
    await ctx.jobs.enqueue(QUEUE, { campaignId }, { startAfterSeconds: PERIOD_SECONDS });
  } else {
    await ctx.db.execute(
      sql`UPDATE campaigns SET status = 'sent', updated_at = now() WHERE id = ${campaignId} AND status = 'sending'`,
    );
  }
  return sent;
}

/** Registers the campaign-send job's handler. */
export function registerCampaignSending(ctx: CampaignSendContext): void {
  ctx.jobs.define<{ campaignId: string }>(QUEUE, async (data, run) => {
    await sendCampaignBatch(ctx, data.campaignId, run);
  });
}

/** Sends the campaign once to a staff member's own address, marked as a test and without tracking. */
export async function sendTestCampaign(
  ctx: Pick<CampaignSendContext, 'db' | 'config' | 'mailer'>,
  campaignId: string,
  to: string,
): Promise<{ sent_to: string }> {
  const [campaign] = await queryRows<{ id: string; subject: string; blocks: CampaignBlock[] | string }>(
    ctx.db,
    sql`SELECT id, subject, blocks FROM campaigns WHERE id = ${campaignId}`,
  );
  if (!campaign) throw notFound('campaign_not_found', 'Campaign not found');
  const rendered = await renderCampaign(
    ctx.db,
    ctx.config,
    { id: campaign.id, subject: `[Test] ${campaign.subject}`, blocks: json(campaign.blocks) },
    false,
  );
  await ctx.mailer.send(personalize(rendered, to, 'campaign_test', '', unsubscribeLinks(ctx.config, to)));
  return { sent_to: to };
}

/** Counts an opened email (the first time) for the recipient of a valid token. */
export async function recordOpen(db: Db | Tx, recipientId: string): Promise<void> {
  await db.execute(
    sql`UPDATE campaign_recipients SET opened_at = now() WHERE id = ${recipientId} AND opened_at IS NULL`,
  );
}

/** Counts a click (the first one; a click is also an open) for the recipient, when it is the campaign's. */
export async function recordClick(db: Db | Tx, campaignId: string, recipientId: string): Promise<void> {
  await db.execute(
    sql`UPDATE campaign_recipients SET clicked_at = COALESCE(clicked_at, now()), opened_at = COALESCE(opened_at, now())
      WHERE id = ${recipientId} AND campaign_id = ${campaignId}`,
  );
}
