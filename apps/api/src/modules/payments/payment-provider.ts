import { PAYMENT_PROVIDERS } from '@cartwheel/shared/contracts/payments';

/** The providers the shop knows; an order's `payment_provider` is one of them (or `manual`). */
export const PAYMENT_PROVIDER_NAMES = PAYMENT_PROVIDERS;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** A line as the payment page shows it: the server's snapshot, never the client's. Money in cents. */
export interface PaymentLine {
  name: string;
  unitAmount: number;
  quantity: number;
  /** A short note under the name (e.g. the price before a discount), or null. */
  description?: string | null;
}

export interface CreatePaymentSessionInput {
  /** Which provider opens it (payment-router.ts; the settings' choice); a single provider ignores it. */
  provider?: PaymentProviderName;
  orderId: string;
  /** Not used by the providers: an order may get its number only once it is paid. */
  orderNumber?: number | null;
  /** What the shopper pays in total (Σ unitAmount × quantity + shipping + tax), in cents. */
  amount: number;
  currency: string;
  /** The goods at what the shopper pays for them, discounts already taken off (pricing's paymentLines()). */
  lines: PaymentLine[];
  shippingAmount: number;
  /** Tax added on top of the lines; 0 when prices include tax. */
  taxAmount: number;
  customerEmail: string;
  /** The order's receipt on the storefront, opened by the signed token it carries (checkout-urls.ts). */
  successUrl: string;
  cancelUrl: string;
  /** When the order's stock reservation ends; the session should not outlive it by much. */
  expiresAt: Date;
}

export interface PaymentSession {
  id: string;
  /** Where the shopper pays: the provider's hosted page. */
  url: string;
}

export type PaymentSessionStatus = 'open' | 'paid' | 'expired';

export interface PaymentSessionState {
  status: PaymentSessionStatus;
  /** How it was paid (e.g. `card`), when paid. */
  paymentMethod: string | null;
  /**
   * When paid: the provider's reference for the payment, the one its dashboard finds (Stripe: the
   * payment intent, pi_...; local: its payment id). Not the session id.
   */
  paymentReference?: string | null;
}

/**
 * A hosted card checkout (docs/decisions/0009-checkout-and-payments.md). The shop never sees card
 * numbers; it opens a session, sends the shopper to its page, and asks the provider whether it was paid.
 * No method is ever called inside a database transaction. The checkout calls every provider the same
 * way (docs/decisions/0064-one-checkout-path.md).
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Opens a session for a placed checkout; the caller records its id on the order. */
  createSession(input: CreatePaymentSessionInput): Promise<PaymentSession>;
  /** The provider's word on a session. An unknown session id answers `expired` (it can never be paid). */
  getSession(sessionId: string): Promise<PaymentSessionState>;
  /**
   * Closes a session so it can no longer be paid, and answers its state afterwards: `paid` when the
   * payment won the race (then the order must be finalised, not cancelled).
   */
  expireSession(sessionId: string): Promise<PaymentSessionState>;
  /**
   * Pays `amount` of the order's payment back to the shopper. The same idempotency key for a retry
   * of one refund, so the provider pays it once. Throws when the provider refuses.
   */
  refund(input: RefundPaymentInput): Promise<{ id: string }>;
  /**
   * Of these sessions, the ones paid: how a provider without webhooks tells about payments whose
   * completion never arrived (checkout/reconcile-payments.ts). Stripe tells through its webhook.
   */
  paidSessions?(sessionIds: string[]): Promise<string[]>;
}

export interface RefundPaymentInput {
  orderId: string;
  /** The paid session; null for an order paid outside checkout (e.g. the demo shop's). */
  sessionId: string | null;
  /** In the currency's minor units, at most what is left of the payment. */
  amount: number;
  currency: string;
  idempotencyKey: string;
}

/**
 * Refuses to open a session whose lines do not add up to the amount: a provider charges the sum of
 * its lines, and that must be exactly what the order says the shopper pays.
 */
export function assertLinesAddUp(
  input: Pick<CreatePaymentSessionInput, 'lines' | 'amount' | 'shippingAmount' | 'taxAmount'>,
): void {
  const sum =
    input.lines.reduce((s, l) => s + l.unitAmount * l.quantity, 0) + input.shippingAmount + input.taxAmount;
  const whole = input.lines.every(
    (l) => Number.isSafeInteger(l.unitAmount) && l.unitAmount >= 0 && l.quantity > 0,
  );
  if (sum !== input.amount || !whole) {
    throw new Error(`payment lines add up to ${sum}, the amount to charge is ${input.amount}`);
  }
}
