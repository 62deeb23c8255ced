import type { I18n } from '@lingui/core';
import { Link, Text } from '@react-email/components';
import type { ReactNode } from 'react';
import { mutedStyle, textStyle } from './layout.tsx';
import { localGreeting } from './template.ts';

/** Who an email about an order goes to, and the link that opens the order's page. */
export interface OrderEmailRecipient {
  to: string;
  first_name: string | null;
  order_number: number;
  /** The account's order page, or for a guest the signed link (`guest_link` true). */
  link: string;
  guest_link: boolean;
  /** The language the order was placed in ('de', 'fr-CA'); English when absent. */
  locale?: string | null;
}

/** The placeholders every order email has. */
export const orderVariables = (data: OrderEmailRecipient, i18n: I18n) => ({
  greeting: localGreeting(i18n, data.first_name),
  order_number: String(data.order_number),
});

/** A sample recipient for the back office's previews. */
export const sampleRecipient = (publicUrl: string): OrderEmailRecipient => ({
  to: 'alex@example.com',
  first_name: 'Alex',
  order_number: 1042,
  link: `${publicUrl}/account/orders/00000000-0000-4000-8000-000000000000`,
  guest_link: false,
});

/** "Label: url" as a line of text with the URL linked (the plain-text part reads the same). */
export function LabelledLink({ label, url }: { label: string; url: string }) {
  return (
    <Text style={textStyle}>
      {label}: <Link href={url}>{url}</Link>
    </Text>
  );
}

/** The end of every order email: the link to the order's page (private for a guest). */
export function OrderFooter({
  data,
  i18n,
  children,
}: {
  data: OrderEmailRecipient;
  i18n: I18n;
  children?: ReactNode;
}) {
  return (
    <>
      {children}
      <LabelledLink label={i18n._('email.orderConfirmation.viewOrder')} url={data.link} />
      {data.guest_link ? <Text style={mutedStyle}>{i18n._('email.orderConfirmation.guestLink')}</Text> : null}
    </>
  );
}

/** A list of lines ("Desk Lamp × 2"). */
export function Lines({ lines }: { lines: string[] }) {
  return (
    <ul style={{ ...textStyle, paddingLeft: 20 }}>
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}
