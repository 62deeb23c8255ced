import type { Config } from '../../../config.ts';
import type { EmailMessage } from '../mailer.ts';
import { type OrderEmailRecipient, orderUpdateEmail } from './order-update.ts';

/** The order was delivered. */
export function orderDeliveredEmail(
  data: OrderEmailRecipient,
  config: Pick<Config, 'shopName'>,
): EmailMessage {
  return orderUpdateEmail(
    data,
    {
      kind: 'order_delivered',
      subject: `Your ${config.shopName} order #${data.order_number} was delivered`,
      paragraphs: [
        `Your order #${data.order_number} has been delivered. We hope you enjoy it!`,
        'If anything is wrong with it, reply to this email and we will help.',
      ],
    },
    config,
  );
}
