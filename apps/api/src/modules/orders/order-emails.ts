import { localeOfPrefix, localizePath } from '@cartwheel/shared/locale';
import { sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import { type Db, queryRows, type Tx } from '../../db/client.ts';
import type { WebhookEmitter } from '../apps/webhook-events.ts';
import { composeEmail } from '../email/email-templates.ts';
import type { Mailer } from '../email/mailer.ts';
import type { OrderEmailRecipient } from '../email/templates/order-update.tsx';
import type { TemplateData } from '../email/templates/registry.ts';
import { createOrderLink, orderLinkPath } from '../order-links/order-links.ts';
import type { PaymentRouter } from '../payments/payment-router.ts';

/** What the after-sale actions need: the database, the mailer, the payment provider, the shop, the webhooks. */
export interface AfterSaleContext {
  db: Db;
  mailer: Mailer;
  webhooks: WebhookEmitter;
  /** Refunds go to the provider that took the payment. */
  provider: PaymentRouter;
  config: Pick<Config, 'publicUrl' | 'shopName' | 'shopLogoUrl'>;
  log: { warn(object: unknown, message: string): void };
}

/**
 * Who hears about the order and the link to its page: the account's order page, or for a guest a new
 * signed link (order-links.ts). Null when the order has no email to write to.
 */
export async function orderRecipient(
  tx: Tx,
  orderId: string,
  config: Pick<Config, 'publicUrl'>,
): Promise<OrderEmailRecipient | null> {
  const [order] = await queryRows<{
    customer_email: string | null;
    customer_first_name: string | null;
    customer_id: string | null;
    order_number: number;
    locale: string;
  }>(
    tx,
    sql`SELECT customer_email, customer_first_name, customer_id, order_number, locale FROM orders WHERE id = ${orderId}`,
  );
  if (!order?.customer_email) return null;
  // The link opens the shop in the language the order was placed in.
  const prefix = localeOfPrefix(order.locale)?.prefix ?? '';
  const path = order.customer_id
    ? `/account/orders/${orderId}`
    : orderLinkPath(await createOrderLink(tx, orderId));
  const link = `${config.publicUrl}${localizePath(path, prefix)}`;
  return {
    to: order.customer_email,
    first_name: order.customer_first_name,
    order_number: Number(order.order_number),
    link,
    guest_link: !order.customer_id,
    locale: order.locale,
  };
}

type OrderEmailKind = 'order_shipped' | 'order_delivered' | 'order_cancelled' | 'order_refunded';

/**
 * Queues the email of `kind` about the order in the caller's transaction: it exists, and goes out,
 * if and only if the change commits. Nothing when the order has no email to write to.
 */
export async function queueOrderEmail<K extends OrderEmailKind>(
  tx: Tx,
  ctx: AfterSaleContext,
  orderId: string,
  kind: K,
  data: (recipient: OrderEmailRecipient) => TemplateData<K>,
): Promise<void> {
  const recipient = await orderRecipient(tx, orderId, ctx.config);
  if (!recipient) return;
  await ctx.mailer.queue(tx, await composeEmail(tx, ctx.config, kind, recipient.to, data(recipient)));
}
