import { formatAddressLines } from '@cartwheel/shared/address';
import { formatMoney } from '@cartwheel/shared/money';
import { orderTotalRows } from '@cartwheel/shared/order-totals';
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
  shipping_method: string | null;
  tax_amount: number;
  total_amount: number;
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

/**
 * The order confirmation: every line, the totals with their discounts, shipping and taxes, where it
 * ships and a link to the order's page: the account's page, or for a guest the signed link
 * (`guestLink`, which opens it without an account).
 */
export function orderConfirmationEmail(
  order: ConfirmationOrder,
  config: Pick<Config, 'publicUrl' | 'shopName'>,
  guestLink: string | null = null,
): Required<EmailMessage> {
  const link = guestLink ?? `${config.publicUrl}/account/orders/${order.id}`;
  const itemName = (i: ConfirmationOrder['items'][number]) =>
    i.variant_title ? `${i.product_name} (${i.variant_title})` : i.product_name;
  const { rows, includedTax } = orderTotalRows(order);
  const totals = rows.map(({ kind, label, amount }): [string, string] => [
    label,
    kind === 'discount' ? `−${formatMoney(amount)}` : formatMoney(amount),
  ]);
  const included = includedTax > 0 ? `Prices include ${formatMoney(includedTax)} tax.` : null;
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
    ...totals.map(([label, amount]) => `${label}: ${amount}`),
    ...(included ? [included] : []),
    '',
    ...(address.length ? ['Shipping to:', ...address, ''] : []),
    `View your order: ${link}`,
    ...(guestLink ? ['(This link opens your order without an account. Keep it private.)'] : []),
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
      ([label, amount]) =>
        `<tr><td colspan="3" align="right">${escapeHtml(label)}</td><td align="right">${amount}</td></tr>`,
    )
    .join('')}</tfoot>
</table>
${included ? `<p><small>${escapeHtml(included)}</small></p>` : ''}
${address.length ? `<p><strong>Shipping to:</strong><br>${address.map(escapeHtml).join('<br>')}</p>` : ''}
<p><a href="${escapeHtml(link)}">View your order</a>${guestLink ? '<br><small>This link opens your order without an account. Keep it private.</small>' : ''}</p>
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
