import { Text } from '@react-email/components';
import { ActionButton, mutedStyle } from './layout.tsx';
import { defineTemplate } from './template.ts';

export interface BackInStockData {
  /** The product's name, with the variant's options when there is one ("Tee (Navy / M)"). */
  product_name: string;
  /** The product page in the shopper's language. */
  url: string;
  /** The storefront's locale when the shopper asked ('de', 'fr-ca'); English when absent. */
  locale: string | null;
}

/** The one email a shopper who asked about a sold-out item gets when it is back (with unsubscribe). */
export const backInStock = defineTemplate<BackInStockData>({
  kind: 'back_in_stock',
  name: 'Back in stock',
  description:
    'Sent once to a shopper who asked to be emailed when a sold-out item is back, in the order they asked, as many as the units that came back.',
  marketing: true,
  unsubscribeReason: 'email.footer.stockAlert',
  subject: '{product} is back in stock at {shop_name}',
  intro:
    'Good news: {product} is back in stock. You asked us to let you know, so here we are. Stock is limited, so it may sell out again.',
  variables: (data) => ({ product: data.product_name }),
  language: (data) => data.locale,
  messages: { subject: 'email.backInStock.subject', intro: 'email.backInStock.intro' },
  sample: (shop) => ({
    product_name: 'Classic Tee (Navy / M)',
    url: `${shop.publicUrl}/product/classic-tee`,
    locale: null,
  }),
  Body: ({ data, i18n }) => (
    <>
      <ActionButton href={data.url}>{i18n._('email.backInStock.shopNow')}</ActionButton>
      <Text style={mutedStyle}>{i18n._('email.backInStock.why')}</Text>
    </>
  ),
});
