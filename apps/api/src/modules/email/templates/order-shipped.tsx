import { Text } from '@react-email/components';
import { textStyle } from './layout.tsx';
import {
  LabelledLink,
  Lines,
  type OrderEmailRecipient,
  OrderFooter,
  orderVariables,
  sampleRecipient,
} from './order-update.tsx';
import { defineTemplate } from './template.ts';

export interface ShippedEmailData extends OrderEmailRecipient {
  items: Array<{ name: string; quantity: number }>;
  carrier_name: string | null;
  tracking_number: string | null;
  tracking_url: string | null;
  /** True when every unit of the order has now shipped. */
  complete: boolean;
}

/** A shipment left: what is in it, the carrier and tracking number, and the tracking link. */
export const orderShipped = defineTemplate<ShippedEmailData>({
  kind: 'order_shipped',
  name: 'Order shipped',
  description: 'Sent when staff fulfil an order (whole or in part), with the tracking link.',
  marketing: false,
  subject: 'Your {shop_name} order #{order_number} has shipped',
  intro: '{greeting}\n\n{what} #{order_number} is on its way.',
  variables: (data, i18n) => ({
    ...orderVariables(data, i18n),
    what:
      i18n.locale === 'en'
        ? data.complete
          ? 'Your order'
          : 'Part of your order'
        : i18n._(data.complete ? 'email.shipped.whole' : 'email.shipped.part'),
  }),
  language: (data) => data.locale,
  messages: { subject: 'email.shipped.subject', intro: 'email.shipped.intro' },
  sample: (shop) => ({
    ...sampleRecipient(shop.publicUrl),
    items: [{ name: 'Desk Lamp', quantity: 2 }],
    carrier_name: 'UPS',
    tracking_number: '1Z999AA10123456784',
    tracking_url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    complete: true,
  }),
  Body: ({ data, i18n }) => (
    <OrderFooter data={data} i18n={i18n}>
      {data.tracking_number ? (
        <Text style={textStyle}>
          {i18n._('email.shipped.tracking', {
            carrier: data.carrier_name ?? i18n._('email.shipped.otherCarrier'),
            number: data.tracking_number,
          })}
        </Text>
      ) : null}
      <Text style={textStyle}>{i18n._('email.shipped.contents')}</Text>
      <Lines lines={data.items.map((i) => `${i.name} × ${i.quantity}`)} />
      {data.tracking_url ? (
        <LabelledLink label={i18n._('email.shipped.trackLink')} url={data.tracking_url} />
      ) : null}
    </OrderFooter>
  ),
});
