import { formatMoney } from '@cartwheel/shared/money';
import { Text } from '@react-email/components';
import { textStyle } from './layout.tsx';
import {
  Lines,
  type OrderEmailRecipient,
  OrderFooter,
  orderVariables,
  sampleRecipient,
} from './order-update.tsx';
import { defineTemplate } from './template.ts';

export interface RefundedEmailData extends OrderEmailRecipient {
  amount: number;
  /** The order's currency, the refund's too. */
  currency: string;
  /** The refunded lines (none for a refund of an amount). */
  items: Array<{ name: string; quantity: number }>;
  shipping_amount: number;
  /** True when the whole payment has now been refunded. */
  full: boolean;
}

/** Money went back to the shopper: how much, for what. */
export const orderRefunded = defineTemplate<RefundedEmailData>({
  kind: 'order_refunded',
  name: 'Order refunded',
  description: 'Sent when a refund goes back to the shopper.',
  marketing: false,
  subject: 'A refund for your {shop_name} order #{order_number}',
  intro:
    '{greeting}\n\nWe have refunded {amount} for your order #{order_number} to your original payment method{full_note}. It can take 5 to 10 business days to appear on your statement.',
  variables: (data, i18n) => ({
    ...orderVariables(data, i18n),
    amount: formatMoney(data.amount, data.currency, i18n.locale),
    full_note: data.full ? i18n._('email.refunded.fullNote') : '',
  }),
  language: (data) => data.locale,
  messages: { subject: 'email.refunded.subject', intro: 'email.refunded.intro' },
  sample: (shop) => ({
    ...sampleRecipient(shop.publicUrl),
    amount: 2500,
    currency: 'USD',
    items: [{ name: 'Desk Lamp', quantity: 1 }],
    shipping_amount: 0,
    full: false,
  }),
  Body: ({ data, i18n }) => {
    const lines = [
      ...data.items.map((i) => `${i.name} × ${i.quantity}`),
      ...(data.shipping_amount
        ? [
            i18n._('email.refunded.shippingLine', {
              amount: formatMoney(data.shipping_amount, data.currency, i18n.locale),
            }),
          ]
        : []),
    ];
    return (
      <OrderFooter data={data} i18n={i18n}>
        {lines.length ? (
          <>
            <Text style={textStyle}>{i18n._('email.refunded.lines')}</Text>
            <Lines lines={lines} />
          </>
        ) : null}
      </OrderFooter>
    );
  },
});
