import { formatMoney } from '@cartwheel/shared/money';
import type { I18n } from '@lingui/core';
import { Text } from '@react-email/components';
import { textStyle } from './layout.tsx';
import {
  LabelledLink,
  Lines,
  type OrderEmailRecipient,
  OrderFooter,
  orderVariables,
  sampleRecipient,
} from './order-update.tsx';
import { defineTemplate, type Shop } from './template.ts';

// The emails of a return's steps (docs/decisions/0086-returns.md): asked for, approved with the
// label, declined, received, refunded.

/** Who the email goes to, the return's number (RMA) and its lines. */
export interface ReturnEmailData extends OrderEmailRecipient {
  rma: string;
  items: Array<{ name: string; quantity: number }>;
  /** The replacements sent instead of money (exchanges), as "name × quantity" lines; absent: none. */
  exchanges?: Array<{ name: string; quantity: number }>;
}

const returnVariables = (data: ReturnEmailData, i18n: I18n) => ({
  ...orderVariables(data, i18n),
  rma: data.rma,
});

const sampleReturn = (shop: Shop): ReturnEmailData => ({
  ...sampleRecipient(shop.publicUrl),
  rma: 'R1001',
  items: [{ name: 'Desk Lamp', quantity: 1 }],
});

function ReturnLines({ data, i18n }: { data: ReturnEmailData; i18n: I18n }) {
  return (
    <>
      <Text style={textStyle}>{i18n._('email.return.items')}</Text>
      <Lines lines={data.items.map((i) => `${i.name} × ${i.quantity}`)} />
      {data.exchanges?.length ? (
        <>
          <Text style={textStyle}>{i18n._('email.return.exchanges')}</Text>
          <Lines lines={data.exchanges.map((i) => `${i.name} × ${i.quantity}`)} />
        </>
      ) : null}
    </>
  );
}

export const returnRequested = defineTemplate<ReturnEmailData>({
  kind: 'return_requested',
  name: 'Return requested',
  description: 'Sent when a shopper asks to return items.',
  marketing: false,
  subject: 'Your return request {rma} for order #{order_number}',
  intro:
    '{greeting}\n\nWe have your request to return items from order #{order_number}. Your return number is {rma}. We will look at it and write to you again soon.',
  variables: returnVariables,
  language: (data) => data.locale,
  messages: { subject: 'email.returnRequested.subject', intro: 'email.returnRequested.intro' },
  sample: sampleReturn,
  Body: ({ data, i18n }) => (
    <OrderFooter data={data} i18n={i18n}>
      <ReturnLines data={data} i18n={i18n} />
    </OrderFooter>
  ),
});

export interface ReturnApprovedData extends ReturnEmailData {
  /** Opens the printable return label (or the label service's). */
  label_url: string;
}

export const returnApproved = defineTemplate<ReturnApprovedData>({
  kind: 'return_approved',
  name: 'Return approved',
  description: 'Sent when staff approve a return, with the return label.',
  marketing: false,
  subject: 'Your return {rma} is approved',
  intro:
    '{greeting}\n\nYour return {rma} for order #{order_number} is approved. Print the return label, stick it on the parcel and send the items back to us.',
  variables: returnVariables,
  language: (data) => data.locale,
  messages: { subject: 'email.returnApproved.subject', intro: 'email.returnApproved.intro' },
  sample: (shop) => ({ ...sampleReturn(shop), label_url: `${shop.publicUrl}/api/returns/labels/sample` }),
  Body: ({ data, i18n }) => (
    <OrderFooter data={data} i18n={i18n}>
      <LabelledLink label={i18n._('email.returnApproved.label')} url={data.label_url} />
      <ReturnLines data={data} i18n={i18n} />
    </OrderFooter>
  ),
});

export interface ReturnDeclinedData extends ReturnEmailData {
  reason: string;
}

export const returnDeclined = defineTemplate<ReturnDeclinedData>({
  kind: 'return_declined',
  name: 'Return declined',
  description: 'Sent when staff decline a return, with their reason.',
  marketing: false,
  subject: 'About your return request {rma}',
  intro:
    '{greeting}\n\nWe are sorry: we cannot accept your return {rma} for order #{order_number}. Please keep the items.',
  variables: returnVariables,
  language: (data) => data.locale,
  messages: { subject: 'email.returnDeclined.subject', intro: 'email.returnDeclined.intro' },
  sample: (shop) => ({ ...sampleReturn(shop), reason: 'The return window has ended.' }),
  Body: ({ data, i18n }) => (
    <OrderFooter data={data} i18n={i18n}>
      <Text style={textStyle}>{i18n._('email.returnDeclined.reason', { reason: data.reason })}</Text>
    </OrderFooter>
  ),
});

export const returnReceived = defineTemplate<ReturnEmailData>({
  kind: 'return_received',
  name: 'Return received',
  description: 'Sent when staff receive the returned items.',
  marketing: false,
  subject: 'We received your return {rma}',
  intro:
    '{greeting}\n\nYour parcel for return {rma} (order #{order_number}) has arrived. We will send your refund shortly.',
  variables: returnVariables,
  language: (data) => data.locale,
  messages: { subject: 'email.returnReceived.subject', intro: 'email.returnReceived.intro' },
  sample: sampleReturn,
  Body: ({ data, i18n }) => (
    <OrderFooter data={data} i18n={i18n}>
      <ReturnLines data={data} i18n={i18n} />
    </OrderFooter>
  ),
});

export interface ReturnRefundedData extends ReturnEmailData {
  amount: number;
  currency: string;
  /** Given as store credit on the shopper's account instead of to the original payment. */
  store_credit: boolean;
}

export const returnRefunded = defineTemplate<ReturnRefundedData>({
  kind: 'return_refunded',
  name: 'Return refunded',
  description: 'Sent when a received return is refunded.',
  marketing: false,
  subject: 'Your refund for return {rma}',
  intro: '{greeting}\n\nWe have refunded {amount} for your return {rma} (order #{order_number}) {where}.',
  variables: (data, i18n) => ({
    ...returnVariables(data, i18n),
    amount: formatMoney(data.amount, data.currency, i18n.locale),
    where: i18n._(data.store_credit ? 'email.returnRefunded.storeCredit' : 'email.returnRefunded.original'),
  }),
  language: (data) => data.locale,
  messages: { subject: 'email.returnRefunded.subject', intro: 'email.returnRefunded.intro' },
  sample: (shop) => ({ ...sampleReturn(shop), amount: 2500, currency: 'USD', store_credit: false }),
  Body: ({ data, i18n }) => (
    <OrderFooter data={data} i18n={i18n}>
      <ReturnLines data={data} i18n={i18n} />
    </OrderFooter>
  ),
});
