import { Text } from '@react-email/components';
import { textStyle } from './layout.tsx';
import { type OrderEmailRecipient, OrderFooter, orderVariables, sampleRecipient } from './order-update.tsx';
import { defineTemplate } from './template.ts';

/** The order was delivered. */
export const orderDelivered = defineTemplate<OrderEmailRecipient>({
  kind: 'order_delivered',
  name: 'Order delivered',
  description: 'Sent when staff mark an order delivered.',
  marketing: false,
  subject: 'Your {shop_name} order #{order_number} was delivered',
  intro: '{greeting}\n\nYour order #{order_number} has been delivered. We hope you enjoy it!',
  variables: orderVariables,
  language: (data) => data.locale,
  messages: { subject: 'email.delivered.subject', intro: 'email.delivered.intro' },
  sample: (shop) => sampleRecipient(shop.publicUrl),
  Body: ({ data, i18n }) => (
    <OrderFooter data={data} i18n={i18n}>
      <Text style={textStyle}>{i18n._('email.delivered.help')}</Text>
    </OrderFooter>
  ),
});
