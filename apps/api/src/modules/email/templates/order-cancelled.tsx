import { formatMoney } from '@cartwheel/shared/money';
import { Text } from '@react-email/components';
import { textStyle } from './layout.tsx';
import { type OrderEmailRecipient, OrderFooter, orderVariables, sampleRecipient } from './order-update.tsx';
import { defineTemplate } from './template.ts';

export interface CancelledEmailData extends OrderEmailRecipient {
  /** What was refunded with the cancellation, in minor units (0: nothing, or not paid). */
  refunded_amount: number;
  /** The order's currency. */
  currency: string;
}

/** The order was cancelled, and whether its payment was refunded. */
export const orderCancelled = defineTemplate<CancelledEmailData>({
  kind: 'order_cancelled',
  name: 'Order cancelled',
  description: 'Sent when an order is cancelled (with the refund, when there was one).',
  marketing: false,
  subject: 'Your {shop_name} order #{order_number} was cancelled',
  intro: '{greeting}\n\nYour order #{order_number} has been cancelled.',
  variables: orderVariables,
  language: (data) => data.locale,
  messages: { subject: 'email.cancelled.subject', intro: 'email.cancelled.intro' },
  sample: (shop) => ({ ...sampleRecipient(shop.publicUrl), refunded_amount: 5599, currency: 'USD' }),
  Body: ({ data, i18n }) => (
    <OrderFooter data={data} i18n={i18n}>
      <Text style={textStyle}>
        {data.refunded_amount > 0
          ? i18n._('email.cancelled.refunded', {
              amount: formatMoney(data.refunded_amount, data.currency, i18n.locale),
            })
          : i18n._('email.cancelled.questions')}
      </Text>
    </OrderFooter>
  ),
});
