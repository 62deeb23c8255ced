import { formatAddressLines } from '@cartwheel/shared/address';
import { formatMoney, formatPercent } from '@cartwheel/shared/money';
import { orderTotalRows } from '@cartwheel/shared/order-totals';
import { absoluteUrl } from '@cartwheel/shared/seo';
import { Column, Img, Row, Section, Text } from '@react-email/components';
import type { ShippingAddress } from '../../orders/orders.schema.ts';
import { ActionButton, mutedStyle, textStyle } from './layout.tsx';
import { defineTemplate, localGreeting } from './template.ts';

export interface ConfirmationOrder {
  id: string;
  order_number: number;
  customer_email: string | null;
  customer_first_name: string | null;
  /** The language the order was placed in ('de', 'fr-CA'): the email's language. */
  locale?: string | null;
  subtotal_amount: number;
  shipping_amount: number;
  shipping_method: string | null;
  tax_amount: number;
  total_amount: number;
  /** The ISO 4217 code every amount of the order is in. */
  currency: string;
  discounts: Array<{ code: string | null; title: string; amount: number; shipping_amount: number }>;
  tax_lines: Array<{ name: string; rate_bps: number; amount: number; inclusive: boolean }>;
  shipping_address: ShippingAddress | null;
  payment_method: string | null;
  /** Placed on payment terms: paid by invoice within these days (decision 0093). */
  payment_terms_days?: number | null;
  /** Placed tax-exempt: the buyer's exemption number. */
  tax_exemption_number?: string | null;
  items: Array<{
    product_name: string;
    variant_title: string | null;
    product_sku: string;
    /** The picture of what was bought (the chosen variant's image, else the product's first). */
    image_url?: string | null;
    quantity: number;
    price_per_item: number;
    /** The line's share of the order's discounts. */
    discount_amount: number;
    /** price_per_item × quantity − discount_amount. */
    total_amount: number;
    /** A gift card's recipient and send date (decision 0094). */
    gift_card?: { recipient_name: string; recipient_email: string; send_on: string } | null;
  }>;
}

interface ConfirmationData {
  order: ConfirmationOrder;
  /** The order's page: the account's, or for a guest the signed link. */
  link: string;
  guest: boolean;
}

const line = { ...textStyle, margin: '2px 0' };

/**
 * The order confirmation: every line, the totals with their discounts, shipping and taxes, where it
 * ships and a link to the order's page (for a guest, the signed link that opens it without an account).
 */
export const orderConfirmation = defineTemplate<ConfirmationData>({
  kind: 'order_confirmation',
  name: 'Order confirmation',
  description: 'Sent when a checkout is paid.',
  marketing: false,
  subject: 'Your {shop_name} order #{order_number} is confirmed',
  intro:
    '{greeting}\n\nThank you for your order! We have received your payment for order #{order_number} and are getting it ready.',
  variables: ({ order }, i18n) => ({
    greeting: localGreeting(i18n, order.customer_first_name),
    order_number: String(order.order_number),
  }),
  language: ({ order }) => order.locale,
  messages: { subject: 'email.orderConfirmation.subject', intro: 'email.orderConfirmation.intro' },
  sample: (shop) => ({
    order: {
      id: '00000000-0000-4000-8000-000000000000',
      currency: 'USD',
      order_number: 1042,
      customer_email: 'alex@example.com',
      customer_first_name: 'Alex',
      subtotal_amount: 5000,
      shipping_amount: 599,
      shipping_method: 'Standard',
      tax_amount: 0,
      total_amount: 5599,
      discounts: [],
      tax_lines: [],
      shipping_address: {
        first_name: 'Alex',
        last_name: 'Doe',
        address_line_1: '1 Main Street',
        address_line_2: null,
        city: 'Springfield',
        state_province: 'IL',
        postal_code: '62701',
        country: 'US',
      },
      payment_method: 'card',
      items: [
        {
          product_name: 'Desk Lamp',
          variant_title: null,
          product_sku: 'LAMP-1',
          quantity: 2,
          price_per_item: 2500,
          discount_amount: 0,
          total_amount: 5000,
        },
      ],
    },
    link: `${shop.publicUrl}/account/orders/00000000-0000-4000-8000-000000000000`,
    guest: false,
  }),
  Body: ({ data: { order, link, guest }, shop, i18n }) => {
    const t = i18n._.bind(i18n);
    const itemName = (i: ConfirmationOrder['items'][number]) =>
      i.variant_title ? `${i.product_name} (${i.variant_title})` : i.product_name;
    const { rows, included } = orderTotalRows(order);
    const address = order.shipping_address ? formatAddressLines(order.shipping_address) : [];
    // The totals' own words in the email's language; discount and tax names are the shop's.
    const rowLabel = (kind: string, label: string) => {
      if (kind === 'subtotal') return t('email.total.subtotal');
      if (kind === 'total') return t('email.total.total');
      if (kind !== 'shipping') return label;
      return order.shipping_method
        ? t('email.total.shippingMethod', { method: order.shipping_method })
        : t('email.total.shipping');
    };
    return (
      <>
        <Section>
          <Text style={{ ...line, fontWeight: 600 }}>{t('email.orderConfirmation.items')}</Text>
          {/* Each line at its price, as the subtotal sums them; a discounted line says what it took off. */}
          {order.items.map((i) => (
            <Row key={`${i.product_sku}-${itemName(i)}`}>
              {i.image_url ? (
                <Column style={{ width: 56, verticalAlign: 'top' }}>
                  <Img
                    src={absoluteUrl(shop.publicUrl, i.image_url)}
                    alt=""
                    width="48"
                    height="48"
                    style={{ borderRadius: 4, objectFit: 'cover' }}
                  />
                </Column>
              ) : null}
              <Column>
                <Text style={line}>
                  {t('email.orderConfirmation.itemLine', {
                    name: itemName(i),
                    sku: i.product_sku,
                    price: formatMoney(i.price_per_item, order.currency, i18n.locale),
                    quantity: i18n.number(i.quantity),
                    total: formatMoney(i.price_per_item * i.quantity, order.currency, i18n.locale),
                  })}
                </Text>
                {i.gift_card ? (
                  <Text style={{ ...mutedStyle, margin: '0 0 2px 12px' }}>
                    {t('email.orderConfirmation.giftCardLine', {
                      name: i.gift_card.recipient_name,
                      email: i.gift_card.recipient_email,
                      date: i18n.date(`${i.gift_card.send_on}T12:00:00Z`, {
                        dateStyle: 'long',
                        timeZone: 'UTC',
                      }),
                    })}
                  </Text>
                ) : null}
                {i.discount_amount > 0 ? (
                  <Text style={{ ...mutedStyle, margin: '0 0 2px 12px' }}>
                    {t('email.orderConfirmation.lineDiscount', {
                      amount: formatMoney(i.discount_amount, order.currency, i18n.locale),
                      total: formatMoney(i.total_amount, order.currency, i18n.locale),
                    })}
                  </Text>
                ) : null}
              </Column>
            </Row>
          ))}
        </Section>
        <Section style={{ marginTop: 12 }}>
          {rows.map(({ kind, label, amount }) => (
            <Text key={`${kind}-${label}`} style={kind === 'total' ? { ...line, fontWeight: 700 } : line}>
              {rowLabel(kind, label)}:{' '}
              {kind === 'discount'
                ? `−${formatMoney(amount, order.currency, i18n.locale)}`
                : formatMoney(amount, order.currency, i18n.locale)}
            </Text>
          ))}
          {included.map((tax) => (
            <Text key={tax.label} style={mutedStyle}>
              {t('email.orderConfirmation.includedTax', {
                name: tax.name,
                rate: formatPercent(tax.rate_bps),
                amount: formatMoney(tax.amount, order.currency, i18n.locale),
              })}
            </Text>
          ))}
        </Section>
        {order.payment_terms_days ? (
          <Text style={line}>
            {t('email.orderConfirmation.invoiceTerms', { days: order.payment_terms_days })}
          </Text>
        ) : null}
        {order.tax_exemption_number ? (
          <Text style={mutedStyle}>
            {t('email.orderConfirmation.taxExempt', { number: order.tax_exemption_number })}
          </Text>
        ) : null}
        {address.length ? (
          <Section style={{ marginTop: 12 }}>
            <Text style={{ ...line, fontWeight: 600 }}>{t('email.orderConfirmation.shippingTo')}</Text>
            {address.map((part) => (
              <Text key={part} style={line}>
                {part}
              </Text>
            ))}
          </Section>
        ) : null}
        <ActionButton href={link}>{t('email.orderConfirmation.viewOrder')}</ActionButton>
        {guest ? <Text style={mutedStyle}>{t('email.orderConfirmation.guestLink')}</Text> : null}
      </>
    );
  },
});
