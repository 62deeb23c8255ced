import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { column, query, typedSql } from '../../db/typed-sql.ts';
import type { JobRun, Jobs } from '../jobs/jobs.ts';
import { isPrivateAddress, PrivateAddressError, publicOnlyLookup } from './safe-address.ts';
import { WEBHOOK_QUEUE } from './webhook-events.ts';
import { signatureHeader } from './webhook-signature.ts';

/** What the receiver's answer tells the delivery log. */
export interface PostResult {
  statusCode: number | null;
  error: string | null;
}

/** A response body is read (and thrown away) up to this size; the log keeps the status code only. */
const MAX_RESPONSE_BYTES = 64 * 1024;

/**
 * POSTs `body` to `url` with `headers`, within `timeoutMs`, following no redirects. Unless
 * `allowPrivate`, the address connected to must be public (safe-address.ts). `signal` (the job's)
 * stops it early.
 */
export function postJson(
  url: string,
  body: string,
  headers: Record<string, string>,
  { timeoutMs, allowPrivate, signal }: { timeoutMs: number; allowPrivate: boolean; signal?: AbortSignal },
): Promise<PostResult> {
  const target = new URL(url);
  const host = target.hostname.replace(/^\[|\]$/g, '');
  // A literal IP is connected to without a lookup: check it here.
  if (!allowPrivate && isIP(host) && isPrivateAddress(host)) {
    return Promise.resolve({ statusCode: null, error: new PrivateAddressError(host, host).message });
  }
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const req = send(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': Buffer.byteLength(body).toString() },
        signal: signal
          ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)])
          : AbortSignal.timeout(timeoutMs),
        ...(allowPrivate ? {} : { lookup: publicOnlyLookup() }),
      },
      (res) => {
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_RESPONSE_BYTES) res.destroy();
        });
        const done = () => resolve({ statusCode: res.statusCode ?? null, error: null });
        res.on('end', done);
        res.on('close', done);
        res.on('error', done);
      },
    );
    req.on('error', (error) => {
      const message = signal?.aborted
        ? `Stopped before an answer: ${signal.reason instanceof Error ? signal.reason.message : String(signal.reason)}`
        : error.name === 'AbortError' || error.name === 'TimeoutError'
          ? `No answer within ${timeoutMs % 1000 ? `${timeoutMs} ms` : `${timeoutMs / 1000} s`}`
          : error.message;
      resolve({ statusCode: null, error: message.slice(0, 500) });
    });
    req.end(body);
  });
}

const deliveryRow = z.object({
  id: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  attempts: z.number().int(),
  url: z.string(),
  secret: z.string(),
  enabled: z.boolean(),
  event_id: z.string(),
  event_type: z.string(),
  event_data: z.unknown(),
  event_created: column.isoTime,
});
type DeliveryRow = z.output<typeof deliveryRow>;

/** The event as the receiver gets it: `created` in Unix seconds, like the signature's timestamp. */
export function eventPayload(
  row: Pick<DeliveryRow, 'event_id' | 'event_type' | 'event_data' | 'event_created'>,
) {
  return JSON.stringify({
    id: row.event_id,
    type: row.event_type,
    created: Math.floor(new Date(row.event_created).getTime() / 1000),
    data: row.event_data,
  });
}

/**
 * Delivers one event to one endpoint and logs the try. A 2xx answer completes the delivery; anything
 * else throws, so the job queue retries it with exponential backoff, and the last failed try marks
 * it failed. A delivery already succeeded (the job ran twice) is not sent again.
 */
export async function deliverWebhook(
  db: Db,
  config: Pick<Config, 'webhooks'>,
  deliveryId: string,
  run: Pick<JobRun, 'lastAttempt' | 'signal'>,
): Promise<void> {
  const [row] = await query(
    db,
    typedSql(deliveryRow)`SELECT d.id, d.status, d.attempts, e.url, e.secret, e.enabled,
               ev.id AS event_id, ev.type AS event_type, ev.data AS event_data, ev.created_at AS event_created
        FROM webhook_deliveries d
        JOIN webhook_endpoints e ON e.id = d.endpoint_id
        JOIN webhook_events ev ON ev.id = d.event_id
        WHERE d.id = ${deliveryId}`,
  );
  // Deleted with its endpoint, or already delivered: nothing to do.
  if (!row || row.status === 'succeeded') return;
  const body = eventPayload(row);
  const started = Date.now();
  const result = row.enabled
    ? await postJson(
        row.url,
        body,
        {
          'content-type': 'application/json',
          'user-agent': 'Cartwheel-Webhooks/1.0',
          'cartwheel-event-id': row.event_id,
          'cartwheel-event-type': row.event_type,
          'cartwheel-delivery-id': row.id,
          'cartwheel-signature': signatureHeader(row.secret, body, Math.floor(started / 1000)),
        },
        {
          timeoutMs: config.webhooks.timeoutSeconds * 1000,
          allowPrivate: config.webhooks.allowPrivateNetworks,
          signal: run.signal,
        },
      )
    : { statusCode: null, error: 'The endpoint is disabled' };
  const ok = result.statusCode !== null && result.statusCode >= 200 && result.statusCode < 300;
  const error = ok ? null : (result.error ?? `The endpoint answered ${result.statusCode}`);
  const status = ok ? 'succeeded' : run.lastAttempt || !row.enabled ? 'failed' : 'pending';
  await db.transaction(async (tx) => {
    const [updated] = await query(
      tx,
      typedSql(
        z.object({ attempts: z.number().int() }),
      )`UPDATE webhook_deliveries SET attempts = attempts + 1, status = ${status}, updated_at = now()
          WHERE id = ${row.id} RETURNING attempts`,
    );
    await queryRows(
      tx,
      sql`INSERT INTO webhook_attempts (delivery_id, attempt, status_code, duration_ms, error)
          VALUES (${row.id}, ${updated?.attempts ?? row.attempts + 1}, ${result.statusCode},
                  ${Date.now() - started}, ${error})`,
    );
  });
  if (!ok && row.enabled) throw new Error(error ?? 'delivery failed');
}

/** Registers the webhook-deliver queue's handler on the app's job queue. */
export function registerWebhookDelivery(jobs: Jobs, db: Db, config: Pick<Config, 'webhooks'>): void {
  jobs.define<{ deliveryId: string }>(
    WEBHOOK_QUEUE,
    (data, run) => deliverWebhook(db, config, data.deliveryId, run),
    {
      batchSize: 5,
    },
  );
}
