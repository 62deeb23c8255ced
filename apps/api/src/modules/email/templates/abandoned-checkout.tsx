import { formatMoney } from '@cartwheel/shared/money';
import { Section, Text } from '@react-email/components';
import { ActionButton, textStyle } from './layout.tsx';
import { defineTemplate, greeting } from './template.ts';

export interface AbandonedCheckoutData {
  first_name: string | null;
  items: Array<{ name: string; quantity: number; total_amount: number }>;
  total_amount: number;
  /** The checkout's currency. */
  currency: string;
  /** The signed link that puts these items back in a cart. */
  url: string;
  discount_code: string | null;
}

const line = { ...textStyle, margin: '2px 0' };

/** The one reminder a shopper who left a checkout unpaid gets (marketing: consent and unsubscribe). */
export const abandonedCheckout = defineTemplate<AbandonedCheckoutData>({
  kind: 'abandoned_checkout',
  name: 'Abandoned checkout',
  description: 'Sent once, after the configured delay, to a shopper who started a checkout and did not pay.',
  marketing: true,
  subject: 'You left something in your cart',
  intro: '{greeting}\n\nYou left some items in your cart at {shop_name}. They are still waiting for you.',
  variables: (data) => ({ greeting: greeting(data.first_name) }),
  sample: (shop) => ({
    first_name: 'Alex',
    currency: 'USD',
    items: [
      { name: 'Desk Lamp', quantity: 1, total_amount: 2500 },
      { name: 'Notebook (Blue)', quantity: 2, total_amount: 1800 },
    ],
    total_amount: 4300,
    url: `${shop.publicUrl}/cart/recover/sample-token`,
    discount_code: 'COMEBACK10',
  }),
  Body: ({ data }) => (
    <>
      <Section>
        {data.items.map((item) => (
          <Text key={item.name} style={line}>
            - {item.name} x {item.quantity}: {formatMoney(item.total_amount, data.currency)}
          </Text>
        ))}
        <Text style={{ ...line, fontWeight: 700 }}>
          Total: {formatMoney(data.total_amount, data.currency)}
        </Text>
      </Section>
      {data.discount_code ? (
        <Text style={textStyle}>
          Use the code {data.discount_code} at checkout for a discount on your order.
        </Text>
      ) : null}
      <ActionButton href={data.url}>Return to your cart</ActionButton>
    </>
  ),
});
