import { formatAddressLines } from '@cartwheel/shared/address';
import { formatMoney } from '@cartwheel/shared/money';
import type { Config } from '../../../config.ts';
import { escapeHtml } from '../../../lib/html.ts';
import type { ShippingAddress } from '../../orders/orders.schema.ts';
import type { EmailMessage } from '../mailer.ts';

export interface ConfirmationOrder {
  id: string;
  order_number: number;
  customer_email: string | null;
  customer_first_name: string | null;
  subtotal_amount: number;
  shipping_amount: number;
  tax_amount: number;
  total_amount: number;
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

/** The order confirmation: every line, the totals, where it ships and a link to the order's page. */
export function orderConfirmationEmail(
  order: ConfirmationOrder,
  config: Pick<Config, 'publicUrl' | 'shopName'>,
): Required<EmailMessage> {
  const link = `${config.publicUrl}/account/orders/${order.id}`;
  const itemName = (i: ConfirmationOrder['items'][number]) =>
    i.variant_title ? `${i.product_name} (${i.variant_title})` : i.product_name;
  const totals: Array<[string, number]> = [
    ['Subtotal', order.subtotal_amount],
    ['Shipping', order.shipping_amount],
    ['Tax', order.tax_amount],
    ['Total', order.total_amount],
  ];
  const greeting = order.customer_first_name ? `Hi ${order.customer_first_name},` : 'Hello,';
  const address = order.shipping_address ? formatAddressLines(order.shipping_address) : [];

  const text = [
    greeting,
    '',
    `Thank you for your order! We have received your payment for order #${order.order_number} and are getting it ready.`,
    '',
    'Items:',
    ...order.items.map(
      (i) =>
        `- ${itemName(i)} (SKU ${i.product_sku}): ${formatMoney(i.price_per_item)} x ${i.quantity} = ${formatMoney(i.total_amount)}`,
    ),
    '',
    ...totals.map(([label, cents]) => `${label}: ${formatMoney(cents)}`),
    '',
    ...(address.length ? ['Shipping to:', ...address, ''] : []),
    `View your order: ${link}`,
    '',
    `${config.shopName}`,
  ].join('\n');

  const html = `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>Thank you for your order! We have received your payment for order <strong>#${order.order_number}</strong> and are getting it ready.</p>
<table style="border-collapse:collapse;width:100%;max-width:560px">
<thead><tr><th align="left">Item</th><th align="right">Price</th><th align="right">Qty</th><th align="right">Total</th></tr></thead>
<tbody>${order.items
    .map(
      (i) =>
        `<tr><td>${escapeHtml(itemName(i))}<br><small>SKU ${escapeHtml(i.product_sku)}</small></td><td align="right">${formatMoney(i.price_per_item)}</td><td align="right">${i.quantity}</td><td align="right">${formatMoney(i.total_amount)}</td></tr>`,
    )
    .join('')}</tbody>
<tfoot>${totals
    .map(
      ([label, cents]) =>
        `<tr><td colspan="3" align="right">${label}</td><td align="right">${formatMoney(cents)}</td></tr>`,
    )
    .join('')}</tfoot>
</table>
${address.length ? `<p><strong>Shipping to:</strong><br>${address.map(escapeHtml).join('<br>')}</p>` : ''}
<p><a href="${escapeHtml(link)}">View your order</a></p>
<p>${escapeHtml(config.shopName)}</p>
</body></html>`;

  return {
    to: order.customer_email ?? '',
    subject: `Your ${config.shopName} order #${order.order_number} is confirmed`,
    text,
    html,
    kind: 'order_confirmation',
  };
}
