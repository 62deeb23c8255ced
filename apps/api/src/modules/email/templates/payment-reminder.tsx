import { formatMoney } from '@cartwheel/shared/money';
import { Text } from '@react-email/components';
import { ActionButton, mutedStyle } from './layout.tsx';
import { defineTemplate, greeting } from './template.ts';

interface PaymentReminderData {
  first_name: string | null;
  order_number: number;
  /** In minor units of `currency`. */
  total: number;
  currency: string;
  /** ISO 8601. */
  due_at: string;
  url: string;
}

const dueDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** A wholesale order placed on payment terms: its invoice comes due soon (decision 0093). */
export const paymentReminder = defineTemplate<PaymentReminderData>({
  kind: 'payment_reminder',
  name: 'Payment reminder',
  description: 'Reminds a wholesale customer that the invoice of an order on payment terms is due soon.',
  marketing: false,
  subject: 'Payment for order #{order_number} is due on {due_date}',
  intro:
    '{greeting}\n\nThis is a reminder that payment of {total} for order #{order_number} from {shop_name} is due on {due_date}.',
  variables: (data) => ({
    greeting: greeting(data.first_name),
    order_number: String(data.order_number),
    total: formatMoney(data.total, data.currency),
    due_date: dueDate(data.due_at),
  }),
  sample: (shop) => ({
    first_name: 'Alex',
    order_number: 1042,
    total: 125000,
    currency: 'USD',
    due_at: '2027-01-05T12:00:00.000Z',
    url: `${shop.publicUrl}/account/orders/sample`,
  }),
  Body: ({ data }) => (
    <>
      <ActionButton href={data.url}>View the order</ActionButton>
      <Text style={mutedStyle}>If you have paid already, thank you: there is nothing more to do.</Text>
    </>
  ),
});
