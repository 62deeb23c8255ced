import { formatAddressLines } from '@cartwheel/shared/address';
import { formatMoney } from '@cartwheel/shared/money';
import { orderTotalRows } from '@cartwheel/shared/order-totals';
import { Section, Text } from '@react-email/components';
import type { ShippingAddress } from '../../orders/orders.schema.ts';
import { ActionButton, mutedStyle, textStyle } from './layout.tsx';
import { defineTemplate, greeting } from './template.ts';

export interface ConfirmationOrder {
  id: string;
  order_number: number;
  customer_email: string | null;
  customer_first_name: string | null;
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
  items: Array<{
    product_name: string;
    variant_title: string | null;
    product_sku: string;
    quantity: number;
    price_per_item: number;
    total_amount: number;
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
  variables: ({ order }) => ({
    greeting: greeting(order.customer_first_name),
    order_number: String(order.order_number),
  }),
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
          total_amount: 5000,
        },
      ],
    },
    link: `${shop.publicUrl}/account/orders/00000000-0000-4000-8000-000000000000`,
    guest: false,
  }),
  Body: ({ data: { order, link, guest } }) => {
    const itemName = (i: ConfirmationOrder['items'][number]) =>
      i.variant_title ? `${i.product_name} (${i.variant_title})` : i.product_name;
    const { rows, includedTax } = orderTotalRows(order);
    const address = order.shipping_address ? formatAddressLines(order.shipping_address) : [];
    return (
      <>
        <Section>
          <Text style={{ ...line, fontWeight: 600 }}>Items:</Text>
          {order.items.map((i) => (
            <Text key={`${i.product_sku}-${itemName(i)}`} style={line}>
              - {itemName(i)} (SKU {i.product_sku}): {formatMoney(i.price_per_item, order.currency)} x{' '}
              {i.quantity} = {formatMoney(i.total_amount, order.currency)}
            </Text>
          ))}
        </Section>
        <Section style={{ marginTop: 12 }}>
          {rows.map(({ kind, label, amount }) => (
            <Text key={`${kind}-${label}`} style={kind === 'total' ? { ...line, fontWeight: 700 } : line}>
              {label}:{' '}
              {kind === 'discount'
                ? `−${formatMoney(amount, order.currency)}`
                : formatMoney(amount, order.currency)}
            </Text>
          ))}
          {includedTax > 0 ? (
            <Text style={mutedStyle}>Prices include {formatMoney(includedTax, order.currency)} tax.</Text>
          ) : null}
        </Section>
        {address.length ? (
          <Section style={{ marginTop: 12 }}>
            <Text style={{ ...line, fontWeight: 600 }}>Shipping to:</Text>
            {address.map((part) => (
              <Text key={part} style={line}>
                {part}
              </Text>
            ))}
          </Section>
        ) : null}
        <ActionButton href={link}>View your order</ActionButton>
        {guest ? (
          <Text style={mutedStyle}>This link opens your order without an account. Keep it private.</Text>
        ) : null}
      </>
    );
  },
});
