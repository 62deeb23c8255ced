import { formatMoney } from '@cartwheel/shared/money';
import type { I18n } from '@lingui/core';
import { Text } from '@react-email/components';
import type { OrderEditChange } from '../../orders/order-edits.schema.ts';
import { ActionButton, textStyle } from './layout.tsx';
import {
  Lines,
  type OrderEmailRecipient,
  OrderFooter,
  orderVariables,
  sampleRecipient,
} from './order-update.tsx';
import { defineTemplate } from './template.ts';

export interface UpdatedEmailData extends OrderEmailRecipient {
  changes: OrderEditChange[];
  /** The order's new total, in minor units of `currency`. */
  total: number;
  currency: string;
  /** What the buyer pays through `pay_url` (0: nothing due). */
  amount_due: number;
  /** What goes back to the buyer (0: nothing). */
  refund_amount: number;
  /** The signed payment link of the amount due; null when nothing is due. */
  pay_url: string | null;
}

function changeLine(change: OrderEditChange, i18n: I18n): string {
  if (change.kind === 'added')
    return i18n._('email.updated.added', { name: change.name, quantity: change.to });
  if (change.kind === 'removed') {
    return i18n._('email.updated.removed', { name: change.name, quantity: change.from });
  }
  if (change.kind === 'quantity') {
    return i18n._('email.updated.quantity', { name: change.name, from: change.from, to: change.to });
  }
  const none = i18n._('email.updated.noShipping');
  return i18n._('email.updated.shipping', { from: change.from ?? none, to: change.to ?? none });
}

/** Staff changed a placed order: what changed, the new total, and the amount due or the refund. */
export const orderUpdated = defineTemplate<UpdatedEmailData>({
  kind: 'order_updated',
  name: 'Order updated',
  description: 'Sent when staff edit a placed order, with the payment link when more is due.',
  marketing: false,
  subject: 'Your {shop_name} order #{order_number} was updated',
  intro: '{greeting}\n\nWe have made changes to your order #{order_number}. Its new total is {total}.',
  variables: (data, i18n) => ({
    ...orderVariables(data, i18n),
    total: formatMoney(data.total, data.currency, i18n.locale),
  }),
  language: (data) => data.locale,
  messages: { subject: 'email.updated.subject', intro: 'email.updated.intro' },
  sample: (shop) => ({
    ...sampleRecipient(shop.publicUrl),
    changes: [
      { kind: 'added', name: 'Desk Lamp', from: null, to: 1 },
      { kind: 'quantity', name: 'Linen Shirt (Navy / M)', from: 1, to: 2 },
    ],
    total: 12_400,
    currency: 'USD',
    amount_due: 4200,
    refund_amount: 0,
    pay_url: `${shop.publicUrl}/order-payments/sample`,
  }),
  Body: ({ data, i18n }) => {
    const money = (amount: number) => formatMoney(amount, data.currency, i18n.locale);
    return (
      <OrderFooter data={data} i18n={i18n}>
        <Text style={textStyle}>{i18n._('email.updated.changes')}</Text>
        <Lines lines={data.changes.map((c) => changeLine(c, i18n))} />
        {data.pay_url && data.amount_due > 0 ? (
          <>
            <Text style={textStyle}>{i18n._('email.updated.due', { amount: money(data.amount_due) })}</Text>
            <ActionButton href={data.pay_url}>
              {i18n._('email.updated.pay', { amount: money(data.amount_due) })}
            </ActionButton>
          </>
        ) : null}
        {data.refund_amount > 0 ? (
          <Text style={textStyle}>
            {i18n._('email.updated.refund', { amount: money(data.refund_amount) })}
          </Text>
        ) : null}
      </OrderFooter>
    );
  },
});
