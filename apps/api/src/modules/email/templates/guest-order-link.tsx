import { Text } from '@react-email/components';
import { ActionButton, mutedStyle } from './layout.tsx';
import { defineTemplate, localGreeting } from './template.ts';

interface GuestOrderLinkData {
  first_name: string | null;
  order_number: number;
  url: string;
  /** The language the order was placed in. */
  locale?: string | null;
}

/** A new signed link to a guest's order (sent when staff send it again). */
export const guestOrderLink = defineTemplate<GuestOrderLinkData>({
  kind: 'guest_order_link',
  name: 'Guest order link',
  description: 'Sends a guest a new link that opens their order without an account.',
  marketing: false,
  subject: 'Your link to order #{order_number}',
  intro: '{greeting}\n\nHere is a link to your {shop_name} order #{order_number}.',
  variables: (data, i18n) => ({
    greeting: localGreeting(i18n, data.first_name),
    order_number: String(data.order_number),
  }),
  language: (data) => data.locale,
  messages: { subject: 'email.orderLink.subject', intro: 'email.orderLink.intro' },
  sample: (shop) => ({
    first_name: 'Alex',
    order_number: 1042,
    url: `${shop.publicUrl}/orders/view/sample-token`,
  }),
  Body: ({ data, i18n }) => (
    <>
      <ActionButton href={data.url}>{i18n._('email.orderConfirmation.viewOrder')}</ActionButton>
      <Text style={mutedStyle}>{i18n._('email.orderConfirmation.guestLink')}</Text>
    </>
  ),
});
