import { formatMoney } from './money.ts';
import { capitalize } from './text.ts';

/**
 * The one label of each payment method the providers report (the local test checkout says `card`;
 * Stripe says one of its payment method types). Every screen, email and timeline line shows these.
 */
export const PAYMENT_METHOD_LABELS: Readonly<Record<string, string>> = {
  card: 'Card',
  link: 'Link',
  us_bank_account: 'US bank account',
  sepa_debit: 'SEPA Direct Debit',
  paypal: 'PayPal',
  cashapp: 'Cash App Pay',
  amazon_pay: 'Amazon Pay',
  apple_pay: 'Apple Pay',
  google_pay: 'Google Pay',
  klarna: 'Klarna',
  affirm: 'Affirm',
  afterpay_clearpay: 'Afterpay',
  invoice: 'Invoice',
};

/** A payment method's label; "N/A" when none is recorded; a method not in the table reads as words. */
export function paymentMethodLabel(method: string | null | undefined): string {
  if (!method) return 'N/A';
  const known = PAYMENT_METHOD_LABELS[method];
  if (known) return known;
  return capitalize(method.replaceAll('_', ' '));
}

/** The timeline's line for a payment: "Payment of $25.00 received (Card)". */
export function paymentReceivedText(
  amount: number,
  currency: string,
  method: string | null | undefined,
): string {
  return method
    ? `Payment of ${formatMoney(amount, currency)} received (${paymentMethodLabel(method)})`
    : `Payment of ${formatMoney(amount, currency)} received`;
}
