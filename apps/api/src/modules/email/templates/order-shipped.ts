import type { Config } from '../../../config.ts';
import type { EmailMessage } from '../mailer.ts';
import { type OrderEmailRecipient, orderUpdateEmail } from './order-update.ts';

export interface ShippedEmailData extends OrderEmailRecipient {
  items: Array<{ name: string; quantity: number }>;
  carrier_name: string | null;
  tracking_number: string | null;
  tracking_url: string | null;
  /** True when every unit of the order has now shipped. */
  complete: boolean;
}

/** A shipment left: what is in it, the carrier and tracking number, and the tracking link. */
export function orderShippedEmail(data: ShippedEmailData, config: Pick<Config, 'shopName'>): EmailMessage {
  const what = data.complete ? 'Your order' : 'Part of your order';
  return orderUpdateEmail(
    data,
    {
      kind: 'order_shipped',
      subject: `Your ${config.shopName} order #${data.order_number} has shipped`,
      paragraphs: [
        `${what} #${data.order_number} is on its way.`,
        ...(data.tracking_number
          ? [`Carrier: ${data.carrier_name ?? 'Other'}. Tracking number: ${data.tracking_number}.`]
          : []),
        'In this shipment:',
      ],
      list: data.items.map((i) => `${i.name} × ${i.quantity}`),
      action: data.tracking_url ? { label: 'Track your package', url: data.tracking_url } : null,
    },
    config,
  );
}
