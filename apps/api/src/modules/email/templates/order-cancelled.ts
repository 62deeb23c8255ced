import { formatMoney } from '@cartwheel/shared/money';
import type { Config } from '../../../config.ts';
import type { EmailMessage } from '../mailer.ts';
import { type OrderEmailRecipient, orderUpdateEmail } from './order-update.ts';

export interface CancelledEmailData extends OrderEmailRecipient {
  /** What was refunded with the cancellation, in cents (0: nothing, or not paid). */
  refunded_amount: number;
}

/** The order was cancelled, and whether its payment was refunded. */
export function orderCancelledEmail(
  data: CancelledEmailData,
  config: Pick<Config, 'shopName'>,
): EmailMessage {
  return orderUpdateEmail(
    data,
    {
      kind: 'order_cancelled',
      subject: `Your ${config.shopName} order #${data.order_number} was cancelled`,
      paragraphs: [
        `Your order #${data.order_number} has been cancelled.`,
        data.refunded_amount > 0
          ? `We have refunded ${formatMoney(data.refunded_amount)} to your original payment method. It can take 5 to 10 business days to appear on your statement.`
          : 'If you have any questions, reply to this email.',
      ],
    },
    config,
  );
}
