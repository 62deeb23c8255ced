import {
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEndpointWithSecret,
  webhookAttempt,
  webhookDelivery,
  webhookEndpoint,
  type webhookEndpointBody,
  type webhookEndpointPatch,
} from '@cartwheel/shared/contracts/apps';
import { type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Db, queryRows } from '../../db/client.ts';
import { column, idRow, query, typedSql } from '../../db/typed-sql.ts';
import { invalid, notFound } from '../../lib/errors.ts';
import type { Jobs } from '../jobs/jobs.ts';
import { isPrivateAddress } from './safe-address.ts';
import { WEBHOOK_QUEUE } from './webhook-events.ts';
import { newWebhookSecret } from './webhook-signature.ts';

/** An endpoint's row is the contract's shape, its time and count as the driver gives them. */
const endpointRow = webhookEndpoint.extend({
  created_at: column.isoTime,
  failing: column.number,
  paused_until: column.isoTime.nullable(),
});

/** Endpoints with their failing deliveries of the last day, ordered or picked by `where`. */
const selectEndpoints = (where: SQL) =>
  typedSql(endpointRow)`SELECT e.id, e.url, e.description, e.events, e.enabled, e.created_at,
      e.consecutive_failures, CASE WHEN e.paused_until > now() THEN e.paused_until END AS paused_until,
      (SELECT count(*) FROM webhook_deliveries d
       WHERE d.endpoint_id = e.id AND d.status <> 'succeeded' AND d.attempts > 0
         AND d.created_at > now() - interval '1 day') AS failing
    FROM webhook_endpoints e ${where}`;

/** One endpoint, or a 404. */
export async function readEndpoint(db: Db, endpointId: string): Promise<WebhookEndpoint> {
  const [row] = await query(db, selectEndpoints(sql`WHERE e.id = ${endpointId}`));
  if (!row) throw notFound('webhook_endpoint_not_found', 'Webhook endpoint not found');
  return row;
}

/**
 * Without WEBHOOK_ALLOW_PRIVATE_NETWORKS, a URL naming localhost or a private address is refused at
 * once; names that resolve to one are refused at delivery (safe-address.ts).
 */
function checkReachable(url: string, allowPrivate: boolean): void {
  if (allowPrivate) return;
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost') || isPrivateAddress(host)) {
    throw invalid(
      'webhook_url_private',
      'URL must be a public address: this shop does not send webhooks to private networks',
    );
  }
}

/** A text[] from a JSON list, so neither driver's array encoding is involved. */
export const textArray = (items: string[]) =>
  sql`ARRAY(SELECT jsonb_array_elements_text(${JSON.stringify(items)}::jsonb))`;

export function listWebhookEndpoints(db: Db): Promise<WebhookEndpoint[]> {
  return query(db, selectEndpoints(sql`ORDER BY e.created_at DESC, e.id`));
}

/** Adds an endpoint with a new signing secret, returned this once. */
export async function createWebhookEndpoint(
  db: Db,
  body: z.output<typeof webhookEndpointBody>,
  allowPrivate: boolean,
): Promise<WebhookEndpointWithSecret> {
  checkReachable(body.url, allowPrivate);
  const secret = newWebhookSecret();
  const [row] = await query(
    db,
    typedSql(idRow)`INSERT INTO webhook_endpoints (url, description, events, secret, enabled)
        VALUES (${body.url}, ${body.description}, ${textArray(body.events)}, ${secret}, ${body.enabled})
        RETURNING id`,
  );
  if (!row) throw new Error('the new endpoint was not saved');
  return { endpoint: await readEndpoint(db, row.id), secret };
}

export async function updateWebhookEndpoint(
  db: Db,
  endpointId: string,
  patch: z.output<typeof webhookEndpointPatch>,
  allowPrivate: boolean,
): Promise<WebhookEndpoint> {
  await readEndpoint(db, endpointId);
  if (patch.url !== undefined) checkReachable(patch.url, allowPrivate);
  await queryRows(
    db,
    sql`UPDATE webhook_endpoints SET
          url = COALESCE(${patch.url ?? null}, url),
          description = COALESCE(${patch.description ?? null}, description),
          enabled = COALESCE(${patch.enabled ?? null}::boolean, enabled),
          events = ${patch.events ? textArray(patch.events) : sql`events`},
          updated_at = now()
        WHERE id = ${endpointId}`,
  );
  return readEndpoint(db, endpointId);
}

export async function deleteWebhookEndpoint(db: Db, endpointId: string): Promise<void> {
  const rows = await queryRows(db, sql`DELETE FROM webhook_endpoints WHERE id = ${endpointId} RETURNING id`);
  if (rows.length === 0) throw notFound('webhook_endpoint_not_found', 'Webhook endpoint not found');
}

/** A new signing secret; deliveries from now on are signed with it (the old one stops working at once). */
export async function rotateWebhookSecret(db: Db, endpointId: string): Promise<WebhookEndpointWithSecret> {
  const secret = newWebhookSecret();
  const rows = await queryRows(
    db,
    sql`UPDATE webhook_endpoints SET secret = ${secret}, updated_at = now() WHERE id = ${endpointId} RETURNING id`,
  );
  if (rows.length === 0) throw notFound('webhook_endpoint_not_found', 'Webhook endpoint not found');
  return { endpoint: await readEndpoint(db, endpointId), secret };
}

/**
 * Ends a circuit breaker's pause at once (the "Resume" button): the endpoint's waiting deliveries are
 * queued again now. A delivery's earlier job, still waiting for the pause's end, then finds it sent.
 */
export async function resumeWebhookEndpoint(
  db: Db,
  jobs: Jobs,
  endpointId: string,
): Promise<WebhookEndpoint> {
  await db.transaction(async (tx) => {
    const rows = await queryRows(
      tx,
      sql`UPDATE webhook_endpoints SET paused_until = NULL, consecutive_failures = 0, updated_at = now()
          WHERE id = ${endpointId} RETURNING id`,
    );
    if (rows.length === 0) throw notFound('webhook_endpoint_not_found', 'Webhook endpoint not found');
    const waiting = await queryRows<{ id: string }>(
      tx,
      sql`SELECT id FROM webhook_deliveries WHERE endpoint_id = ${endpointId} AND status = 'pending'
          ORDER BY created_at, id`,
    );
    for (const { id } of waiting) await jobs.enqueue(WEBHOOK_QUEUE, { deliveryId: id }, { tx });
  });
  setTimeout(() => jobs.wake(WEBHOOK_QUEUE), 50).unref();
  return readEndpoint(db, endpointId);
}

/** A delivery's row: the contract's shape, its times as the driver or json_build_object gives them. */
const deliveryRow = webhookDelivery.extend({
  created_at: column.isoTime,
  attempts: z
    .array(webhookAttempt.extend({ created_at: column.isoTime }))
    .nullable()
    .transform((attempts) => attempts ?? []),
});

/** The delivery log of an endpoint: its 50 latest deliveries with every try, newest first. */
export async function listWebhookDeliveries(db: Db, endpointId: string): Promise<WebhookDelivery[]> {
  await readEndpoint(db, endpointId);
  return query(
    db,
    typedSql(deliveryRow)`SELECT d.id, d.event_id, ev.type AS event_type, d.status, d.created_at,
               (SELECT json_agg(json_build_object('attempt', a.attempt, 'status_code', a.status_code,
                         'duration_ms', a.duration_ms, 'error', a.error, 'created_at', a.created_at)
                       ORDER BY a.attempt DESC)
                FROM webhook_attempts a WHERE a.delivery_id = d.id) AS attempts
        FROM webhook_deliveries d JOIN webhook_events ev ON ev.id = d.event_id
        WHERE d.endpoint_id = ${endpointId}
        ORDER BY d.created_at DESC, d.id DESC
        LIMIT 50`,
  );
}

/**
 * Sends a delivery again (the "Resend" button): the same event, id and payload, as a new job with
 * its own retries. The receiver can tell it is the same event by its id.
 */
export async function resendWebhookDelivery(db: Db, jobs: Jobs, deliveryId: string): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const rows = await queryRows(
      tx,
      sql`UPDATE webhook_deliveries SET status = 'pending', updated_at = now() WHERE id = ${deliveryId} RETURNING id`,
    );
    if (rows.length === 0) throw notFound('webhook_delivery_not_found', 'Webhook delivery not found');
    await jobs.enqueue(WEBHOOK_QUEUE, { deliveryId }, { tx });
    setTimeout(() => jobs.wake(WEBHOOK_QUEUE), 50).unref();
    return { id: deliveryId };
  });
}
