import { Link, Text } from '@react-email/components';
import { textStyle } from './layout.tsx';
import { defineTemplate, localGreeting } from './template.ts';

export interface ReviewRequestData {
  first_name: string | null;
  /** The language the order was placed in; English when absent. */
  locale?: string | null;
  /** Each product of the order not reviewed yet, with its signed review form link. */
  products: Array<{ name: string; url: string }>;
}

/** Asks a buyer to review what they bought, some days after delivery (with unsubscribe). */
export const reviewRequest = defineTemplate<ReviewRequestData>({
  kind: 'review_request',
  name: 'Review request',
  description:
    'Sent once per delivered order, the configured number of days after delivery, when review requests are on.',
  marketing: true,
  unsubscribeReason: 'email.footer.reviewRequest',
  subject: 'How do you like your order from {shop_name}?',
  intro:
    '{greeting}\n\nThank you for shopping with {shop_name}. Would you take a minute to tell other shoppers what you think of what you bought?',
  variables: (data, i18n) => ({ greeting: localGreeting(i18n, data.first_name) }),
  language: (data) => data.locale,
  messages: { subject: 'email.reviewRequest.subject', intro: 'email.reviewRequest.intro' },
  sample: (shop) => ({
    first_name: 'Alex',
    products: [
      { name: 'Desk Lamp', url: `${shop.publicUrl}/review/sample-token` },
      { name: 'Notebook', url: `${shop.publicUrl}/review/sample-token-2` },
    ],
  }),
  Body: ({ data, i18n }) => (
    <>
      {data.products.map((product) => (
        <Text key={product.url} style={textStyle}>
          {product.name}: <Link href={product.url}>{i18n._('email.reviewRequest.write')}</Link>
          <br />
          {product.url}
        </Text>
      ))}
      <Text style={textStyle}>{i18n._('email.reviewRequest.noAccount')}</Text>
    </>
  ),
});
