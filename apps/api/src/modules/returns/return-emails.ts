import type { Config } from '../../config.ts';
import type { Tx } from '../../db/client.ts';
import type { CheckoutContext } from '../checkout/checkout-context.ts';
import { composeEmail } from '../email/email-templates.ts';
import type { OrderEmailRecipient } from '../email/templates/order-update.tsx';
import type { TemplateData } from '../email/templates/registry.ts';
import { type AfterSaleContext, orderRecipient } from '../orders/order-emails.ts';

/**
 * What the return steps need: the order actions' context (database, mailer, payments, shop), the
 * signing secret of an exchange's payment link, and the checkout's pricing (an exchange's difference).
 */
export type ReturnContext = AfterSaleContext &
  Pick<CheckoutContext, 'pricingRules' | 'markets' | 'taxProvider'> & {
    config: AfterSaleContext['config'] & Pick<Config, 'authSecret'>;
  };

type ReturnEmailKind =
  | 'return_requested'
  | 'return_approved'
  | 'return_declined'
  | 'return_received'
  | 'return_refunded';

/**
 * Queues the email of `kind` about a return in the caller's transaction: it goes out if and only if
 * the step commits. Nothing when the order has no email to write to.
 */
export async function queueReturnEmail<K extends ReturnEmailKind>(
  tx: Tx,
  ctx: ReturnContext,
  orderId: string,
  kind: K,
  data: (recipient: OrderEmailRecipient) => TemplateData<K>,
): Promise<void> {
  const recipient = await orderRecipient(tx, orderId, ctx.config);
  if (!recipient) return;
  await ctx.mailer.queue(tx, await composeEmail(tx, ctx.config, kind, recipient.to, data(recipient)));
}
