import Stripe from 'stripe';
import { createStripeClient } from '../../lib/stripe-client.ts';
import { assertLinesAddUp, type PaymentProvider, type PaymentSessionState } from './payment-provider.ts';

export interface StripeProviderOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another API origin (tests: a local fake of Stripe's endpoints), e.g. http://127.0.0.1:12111. */
  apiBase?: string | undefined;
}

export interface StripePaymentProvider extends PaymentProvider {
  readonly name: 'stripe';
  /** Verifies the Stripe-Signature header over the exact raw body; throws when it does not match. */
  verifyWebhook(rawBody: Buffer | string, signature: string | string[] | undefined): Stripe.Event;
}

// Stripe accepts a Checkout Session expiry between 30 minutes and 24 hours from now.
const MIN_EXPIRY_SECONDS = 30 * 60 + 60;
const MAX_EXPIRY_SECONDS = 24 * 60 * 60 - 60;

const paymentIntentOf = (session: Stripe.Checkout.Session) =>
  typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id;

function stateOf(session: Stripe.Checkout.Session): PaymentSessionState {
  const paid =
    session.status === 'complete' &&
    (session.payment_status === 'paid' || session.payment_status === 'no_payment_required');
  if (paid) {
    return {
      status: 'paid',
      paymentMethod: session.payment_method_types?.[0] ?? 'card',
      // A session with nothing to pay has no payment intent: its own id is all Stripe has.
      paymentReference: paymentIntentOf(session) ?? session.id,
    };
  }
  if (session.status === 'expired') return { status: 'expired', paymentMethod: null };
  // `open`, or `complete` with an async payment (bank debit) still on its way.
  return { status: 'open', paymentMethod: null };
}

const isMissing = (error: unknown) =>
  error instanceof Stripe.errors.StripeInvalidRequestError &&
  (error.code === 'resource_missing' || error.statusCode === 404);

/**
 * Stripe Checkout through the official SDK: the server's lines at what the shopper pays for them
 * (discounts already taken off each line), shipping and added tax as lines of their own, the order
 * id in metadata.
 */
export function createStripePaymentProvider(options: StripeProviderOptions): StripePaymentProvider {
  const stripe = createStripeClient(options.secretKey, options.apiBase);

  async function retrieve(sessionId: string): Promise<PaymentSessionState> {
    try {
      return stateOf(await stripe.checkout.sessions.retrieve(sessionId));
    } catch (error) {
      if (isMissing(error)) return { status: 'expired', paymentMethod: null };
      throw error;
    }
  }

  return {
    name: 'stripe',

    async createSession(input) {
      // Stripe charges the sum of the line items: it must be the order's total to the cent.
      assertLinesAddUp(input);
      const now = Math.floor(Date.now() / 1000);
      const wanted = Math.floor(input.expiresAt.getTime() / 1000);
      // The order's own expiry is enforced by our sweeper (it expires the Stripe session explicitly);
      // Stripe's bounds only keep the request valid when the TTL is shorter than Stripe allows.
      const expiresAt = Math.min(Math.max(wanted, now + MIN_EXPIRY_SECONDS), now + MAX_EXPIRY_SECONDS);
      const currency = input.currency.toLowerCase();
      const extra = (name: string, amount: number) =>
        amount > 0
          ? [{ quantity: 1, price_data: { currency, unit_amount: amount, product_data: { name } } }]
          : [];
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          // No payment_method_types: Stripe's dynamic payment methods offer what the Dashboard enables,
          // the wallets (Apple Pay, Google Pay) beside the card; Link is shown where it applies.
          wallet_options: { link: { display: 'auto' } },
          client_reference_id: input.orderId,
          customer_email: input.customerEmail,
          // The order id only: an unpaid order may not have its number yet.
          metadata: { order_id: input.orderId },
          payment_intent_data: { metadata: { order_id: input.orderId } },
          line_items: [
            ...input.lines.map((line) => ({
              quantity: line.quantity,
              price_data: {
                currency,
                unit_amount: line.unitAmount,
                product_data: {
                  name: line.name,
                  ...(line.description ? { description: line.description } : {}),
                },
              },
            })),
            ...extra('Shipping', input.shippingAmount),
            ...extra('Tax', input.taxAmount),
          ],
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
          expires_at: expiresAt,
        },
        // One order, one Stripe session, even when the SDK retries after a network error.
        { idempotencyKey: `cartwheel-checkout-${input.orderId}` },
      );
      if (!session.url) throw new Error(`Stripe returned checkout session ${session.id} without a url`);
      return { id: session.id, url: session.url };
    },

    getSession: retrieve,

    async expireSession(sessionId) {
      try {
        await stripe.checkout.sessions.expire(sessionId);
      } catch (error) {
        // Only open sessions can be expired: a completed (paid) or already expired one refuses, and
        // then its current state is the answer.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
      }
      return retrieve(sessionId);
    },

    async refund(input) {
      if (!input.sessionId)
        throw new Error(`order ${input.orderId} has no Stripe checkout session to refund`);
      const session = await stripe.checkout.sessions.retrieve(input.sessionId);
      const paymentIntent = paymentIntentOf(session);
      if (!paymentIntent)
        throw new Error(`Stripe checkout session ${input.sessionId} has no payment to refund`);
      const refund = await stripe.refunds.create(
        { payment_intent: paymentIntent, amount: input.amount, metadata: { order_id: input.orderId } },
        // One refund record, one Stripe refund, even when the SDK or staff retry after an error.
        { idempotencyKey: input.idempotencyKey },
      );
      if (refund.status === 'failed' || refund.status === 'canceled') {
        throw new Error(`Stripe refused the refund: ${refund.failure_reason ?? refund.status}`);
      }
      return { id: refund.id };
    },

    verifyWebhook(rawBody, signature) {
      if (!signature) throw new Error('Missing Stripe-Signature header');
      return stripe.webhooks.constructEvent(rawBody, signature, options.webhookSecret);
    },
  };
}
