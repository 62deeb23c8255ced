import { formatMoney } from '@cartwheel/shared/money';
import { Text } from '@react-email/components';
import { ActionButton, mutedStyle } from './layout.tsx';
import { defineTemplate, greeting } from './template.ts';

interface DraftOrderInvoiceData {
  first_name: string | null;
  /** In minor units of `currency`. */
  total: number;
  currency: string;
  url: string;
}

/** The payment link of an order staff prepared (a draft order's "Send payment link"). */
export const draftOrderInvoice = defineTemplate<DraftOrderInvoiceData>({
  kind: 'draft_order_invoice',
  name: 'Payment link',
  description: 'Sends a customer the link to pay for an order staff prepared for them.',
  marketing: false,
  subject: 'Complete your purchase from {shop_name}',
  intro: '{greeting}\n\n{shop_name} has prepared an order for you. The total is {total}.',
  variables: (data) => ({
    greeting: greeting(data.first_name),
    total: formatMoney(data.total, data.currency),
  }),
  sample: (shop) => ({
    first_name: 'Alex',
    total: 4200,
    currency: 'USD',
    url: `${shop.publicUrl}/pay/sample-session`,
  }),
  Body: ({ data }) => (
    <>
      <ActionButton href={data.url}>Pay now</ActionButton>
      <Text style={mutedStyle}>
        The items are held for you for a limited time. After that the link expires.
      </Text>
    </>
  ),
});
