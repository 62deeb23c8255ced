import { Text } from '@react-email/components';
import { ActionButton, mutedStyle } from './layout.tsx';
import { defineTemplate, greeting } from './template.ts';

interface GuestOrderLinkData {
  first_name: string | null;
  order_number: number;
  url: string;
}

/** A new signed link to a guest's order (sent when staff send it again). */
export const guestOrderLink = defineTemplate<GuestOrderLinkData>({
  kind: 'guest_order_link',
  name: 'Guest order link',
  description: 'Sends a guest a new link that opens their order without an account.',
  marketing: false,
  subject: 'Your link to order #{order_number}',
  intro: '{greeting}\n\nHere is a link to your {shop_name} order #{order_number}.',
  variables: (data) => ({ greeting: greeting(data.first_name), order_number: String(data.order_number) }),
  sample: (shop) => ({
    first_name: 'Alex',
    order_number: 1042,
    url: `${shop.publicUrl}/orders/view/sample-token`,
  }),
  Body: ({ data }) => (
    <>
      <ActionButton href={data.url}>View your order</ActionButton>
      <Text style={mutedStyle}>This link opens your order without an account. Keep it private.</Text>
    </>
  ),
});
