import type { WebhookEventType } from '@cartwheel/shared/contracts/apps';
import { webhookEventData } from '@cartwheel/shared/contracts/webhook-events';
import { sql } from 'drizzle-orm';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import type { Jobs } from '../jobs/jobs.ts';

export const WEBHOOK_QUEUE = 'webhook-deliver';

/** Records events for the shop's webhook endpoints. */
export interface WebhookEmitter {
  /**
   * Records `type` with `data` and queues one delivery job per enabled endpoint subscribed to it, in
   * the caller's transaction: the receivers hear of the change if and only if it commits. Does
   * nothing (one indexed read) when no endpoint wants the event.
   */
  emit(tx: Db | Tx, type: WebhookEventType, data: object): Promise<void>;
}

/**
 * The emitter on the shop's job queue (docs/webhooks.md). With `checkPayloads` (the tests) every event's
 * data must match its published contract, as the receiver will parse it, or the emit throws.
 */
export function createWebhookEmitter(jobs: Jobs, { checkPayloads = false } = {}): WebhookEmitter {
  return {
    async emit(tx, type, data) {
      if (checkPayloads) {
        const parsed = webhookEventData[type].safeParse(JSON.parse(JSON.stringify(data)));
        if (!parsed.success) throw new Error(`${type} data breaks its contract: ${parsed.error.message}`);
      }
      const deliveries = await queryRows<{ id: string }>(
        tx,
        sql`WITH endpoints AS (
              SELECT id FROM webhook_endpoints WHERE enabled AND ${type} = ANY(events)
            ), event AS (
              INSERT INTO webhook_events (type, data)
              SELECT ${type}, ${JSON.stringify(data)}::jsonb WHERE EXISTS (SELECT 1 FROM endpoints)
              RETURNING id
            )
            INSERT INTO webhook_deliveries (event_id, endpoint_id)
            SELECT event.id, endpoints.id FROM event, endpoints
            RETURNING id`,
      );
      for (const delivery of deliveries) {
        await jobs.enqueue(WEBHOOK_QUEUE, { deliveryId: delivery.id }, { tx });
      }
      // The jobs are visible once the caller commits; ask this process's worker to look soon after.
      if (deliveries.length > 0) setTimeout(() => jobs.wake(WEBHOOK_QUEUE), 50).unref();
    },
  };
}
