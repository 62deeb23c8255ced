import { formatMoney } from '@cartwheel/shared/money';
import type { Config } from '../../../config.ts';
import type { EmailMessage } from '../mailer.ts';
import { type OrderEmailRecipient, orderUpdateEmail } from './order-update.ts';

export interface RefundedEmailData extends OrderEmailRecipient {
  amount: number;
  /** The refunded lines (none for a refund of an amount). */
  items: Array<{ name: string; quantity: number }>;
  shipping_amount: number;
  /** True when the whole payment has now been refunded. */
  full: boolean;
}

/** Money went back to the shopper: how much, for what. */
export function orderRefundedEmail(data: RefundedEmailData, config: Pick<Config, 'shopName'>): EmailMessage {
  return orderUpdateEmail(
    data,
    {
      kind: 'order_refunded',
      subject: `A refund for your ${config.shopName} order #${data.order_number}`,
      paragraphs: [
        `We have refunded ${formatMoney(data.amount)} for your order #${data.order_number} to your original payment method${data.full ? ': the order is fully refunded' : ''}. It can take 5 to 10 business days to appear on your statement.`,
        ...(data.items.length || data.shipping_amount ? ['Refunded:'] : []),
      ],
      list: [
        ...data.items.map((i) => `${i.name} × ${i.quantity}`),
        ...(data.shipping_amount ? [`Shipping: ${formatMoney(data.shipping_amount)}`] : []),
      ],
    },
    config,
  );
}
