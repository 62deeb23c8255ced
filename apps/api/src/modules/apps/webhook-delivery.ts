import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { type Db, queryRows } from '../../db/client.ts';
import { column, query, typedSql } from '../../db/typed-sql.ts';
import { composeEmail } from '../email/email-templates.ts';
import type { Mailer } from '../email/mailer.ts';
import type { JobRun, Jobs } from '../jobs/jobs.ts';
import { isPrivateAddress, PrivateAddressError, publicOnlyLookup } from './safe-address.ts';
import { WEBHOOK_QUEUE } from './webhook-events.ts';
import { signatureHeader, standardWebhookHeaders } from './webhook-signature.ts';

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
  endpoint_id: z.string(),
  paused_until: column.isoTime.nullable(),
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

/** Failed tries in a row after which an endpoint is paused, and for how long. */
export const PAUSE_AFTER_FAILURES = 5;
export const PAUSE_MINUTES = 10;
/**
 * A delivery that finds its endpoint busy with another comes back after a short random wait (so a
 * burst to a quick endpoint spreads out and goes through at once), half as long again each time, up
 * to 5 s (so a backlog behind a slow endpoint does not spin).
 */
const busyWaitSeconds = (waits: number) => Math.min(5, (0.1 + Math.random() * 0.4) * 1.5 ** waits);
/** Deliveries running at once in one worker process (each endpoint still gets one at a time). */
const DELIVERY_CONCURRENCY = 8;

/** A delivery job's data: `waits` counts the times it found its endpoint busy. */
interface DeliveryJob {
  deliveryId: string;
  waits?: number;
}

/** What a delivery needs besides its row: where to requeue it, and whom to tell of a pause. */
export interface DeliveryDeps {
  db: Db;
  config: Pick<Config, 'webhooks' | 'shopName' | 'shopLogoUrl' | 'publicUrl'>;
  jobs: Pick<Jobs, 'enqueue' | 'wake'>;
  mailer: Mailer;
}

/**
 * Delivers one event to one endpoint and logs the try. A 2xx answer completes the delivery; anything
 * else throws, so the job queue retries it with exponential backoff, and the last failed try marks
 * it failed. A delivery already succeeded (the job ran twice) is not sent again. Endpoints do not wait
 * on each other: each has one delivery under way at a time (a lease on its row), and one that keeps
 * failing is paused by a circuit breaker; a delivery meeting either comes back later without a try
 * counted (docs/decisions/0073-webhook-isolation.md).
 */
export async function deliverWebhook(
  deps: DeliveryDeps,
  { deliveryId, waits = 0 }: DeliveryJob,
  run: Pick<JobRun, 'lastAttempt' | 'signal' | 'retryCount' | 'retryLimit'>,
): Promise<void> {
  const { db, config } = deps;
  const [row] = await query(
    db,
    typedSql(deliveryRow)`SELECT d.id, d.status, d.attempts, e.id AS endpoint_id, e.url, e.secret, e.enabled,
               e.paused_until, ev.id AS event_id, ev.type AS event_type, ev.data AS event_data,
               ev.created_at AS event_created
        FROM webhook_deliveries d
        JOIN webhook_endpoints e ON e.id = d.endpoint_id
        JOIN webhook_events ev ON ev.id = d.event_id
        WHERE d.id = ${deliveryId}`,
  );
  // Deleted with its endpoint, or already delivered: nothing to do.
  if (!row || row.status === 'succeeded') return;
  // Comes back later as a new job with the tries it had left; no try is counted.
  const later = async (seconds: number) => {
    await deps.jobs.enqueue(WEBHOOK_QUEUE, { deliveryId, waits: waits + 1 } satisfies DeliveryJob, {
      startAfterSeconds: seconds,
      retryLimit: Math.max(0, run.retryLimit - run.retryCount),
    });
    setTimeout(() => deps.jobs.wake(WEBHOOK_QUEUE), seconds * 1000).unref();
  };
  if (row.enabled) {
    const pausedFor = row.paused_until ? (Date.parse(row.paused_until) - Date.now()) / 1000 : 0;
    if (pausedFor > 0) return void (await later(Math.ceil(pausedFor)));
    const leaseSeconds = config.webhooks.timeoutSeconds + 5;
    const [claimed] = await queryRows<{ id: string }>(
      db,
      sql`UPDATE webhook_endpoints SET sending_until = now() + make_interval(secs => ${leaseSeconds})
          WHERE id = ${row.endpoint_id} AND (sending_until IS NULL OR sending_until < now())
            AND (paused_until IS NULL OR paused_until <= now())
          RETURNING id`,
    );
    if (!claimed) return void (await later(busyWaitSeconds(waits)));
  }
  const body = eventPayload(row);
  const started = Date.now();
  const timestamp = Math.floor(started / 1000);
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
          'cartwheel-signature': signatureHeader(row.secret, body, timestamp),
          ...standardWebhookHeaders(row.secret, row.event_id, body, timestamp),
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
  const paused = await db.transaction(async (tx) => {
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
    if (!row.enabled) return null;
    // The lease ends; a success closes the breaker, the Nth failure in a row opens it.
    const [endpoint] = await queryRows<{ consecutive_failures: number; paused_until: Date | string | null }>(
      tx,
      sql`UPDATE webhook_endpoints SET sending_until = NULL,
            consecutive_failures = CASE WHEN ${ok} THEN 0 ELSE consecutive_failures + 1 END,
            paused_until = CASE WHEN ${ok} THEN NULL
              WHEN consecutive_failures + 1 >= ${PAUSE_AFTER_FAILURES}
                THEN now() + make_interval(mins => ${PAUSE_MINUTES}) ELSE paused_until END
          WHERE id = ${row.endpoint_id}
          RETURNING consecutive_failures, paused_until`,
    );
    return endpoint?.consecutive_failures === PAUSE_AFTER_FAILURES ? endpoint : null;
  });
  if (paused?.paused_until)
    await tellAdminsOfPause(deps, row.url, paused.consecutive_failures, paused.paused_until);
  if (!ok && row.enabled) throw new Error(error ?? 'delivery failed');
}

/** Emails every admin once, when an endpoint's breaker opens. */
async function tellAdminsOfPause(deps: DeliveryDeps, url: string, failures: number, until: Date | string) {
  const admins = await queryRows<{ email: string }>(
    deps.db,
    sql`SELECT u.email FROM users u JOIN profiles p ON p.id = u.id WHERE p.role = 'admin' ORDER BY u.email`,
  );
  const resumesAt = `${new Date(until).toISOString().slice(11, 16)} UTC`;
  const link = `${deps.config.publicUrl}/admin/apps`;
  for (const { email } of admins) {
    await deps.mailer.send(
      await composeEmail(deps.db, deps.config, 'webhook_paused', email, {
        url,
        failures,
        resumes_at: resumesAt,
        link,
      }),
    );
  }
}

/** Registers the webhook-deliver queue's handler on the app's job queue. */
export function registerWebhookDelivery(deps: Omit<DeliveryDeps, 'jobs'> & { jobs: Jobs }): void {
  deps.jobs.define<DeliveryJob>(WEBHOOK_QUEUE, (data, run) => deliverWebhook(deps, data, run), {
    batchSize: 1,
    concurrency: DELIVERY_CONCURRENCY,
  });
}
