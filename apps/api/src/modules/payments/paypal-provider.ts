import { toMajorString } from '@cartwheel/shared/money';
import {
  ApiError,
  CheckoutPaymentIntent,
  type Order,
  OrdersController,
  PaymentsController,
  PaypalExperienceUserAction,
  PaypalWalletContextShippingPreference,
} from '@paypal/paypal-server-sdk';
import { assertLinesAddUp, type PaymentProvider, type PaymentSessionState } from './payment-provider.ts';
import { createPayPalClient, type PayPalClientOptions } from './paypal-client.ts';

export interface PayPalProviderOptions extends PayPalClientOptions {
  /** The id PayPal gave the shop's webhook: events are verified as sent to it. */
  webhookId: string;
  /**
   * Whether the shop still holds the checkout of this PayPal order: an approved order is captured
   * only then. PayPal cannot void an order that is not captured, so a checkout the shop cancelled is
   * kept unpaid by never capturing it.
   */
  mayCapture(sessionId: string): Promise<boolean>;
}

/** The headers PayPal signs a webhook delivery with, as Fastify hands them over. */
export type PayPalWebhookHeaders = Record<string, string | string[] | undefined>;

export interface PayPalPaymentProvider extends PaymentProvider {
  readonly name: 'paypal';
  /**
   * Asks PayPal whether this delivery is genuine (its verify-webhook-signature API, with the shop's
   * webhook id). The raw body is sent as received: a re-serialised event would not verify.
   */
  verifyWebhook(rawBody: string, headers: PayPalWebhookHeaders): Promise<boolean>;
}

// PayPal truncates longer item names and descriptions; cut them where we choose.
const NAME_MAX = 127;
const cut = (text: string) => (text.length > NAME_MAX ? `${text.slice(0, NAME_MAX - 1)}…` : text);

const isMissing = (error: unknown) => error instanceof ApiError && error.statusCode === 404;

/** The capture of a PayPal order (one purchase unit, one capture), if any. */
const captureOf = (order: Order) => order.purchaseUnits?.[0]?.payments?.captures?.[0];

function stateOf(order: Order): PaymentSessionState {
  const capture = captureOf(order);
  if (order.status === 'COMPLETED' && capture) {
    // A capture PayPal holds for review (PENDING) is paid later: PAYMENT.CAPTURE.COMPLETED tells.
    if (capture.status === 'PENDING') return { status: 'open', paymentMethod: null };
    if (capture.status === 'DECLINED' || capture.status === 'FAILED') {
      return { status: 'expired', paymentMethod: null };
    }
    return { status: 'paid', paymentMethod: 'paypal', paymentReference: capture.id ?? order.id ?? null };
  }
  if (order.status === 'VOIDED') return { status: 'expired', paymentMethod: null };
  return { status: 'open', paymentMethod: null };
}

/**
 * PayPal Checkout through the official server SDK: a PayPal order with intent CAPTURE in the order's
 * currency, its amounts as PayPal's decimal strings (JPY without decimals), the buyer sent to PayPal's
 * approval page in the same tab. The approved order is captured when the buyer returns (the receipt
 * asks getSession), or when the webhook or the sweeper asks first; one PayPal-Request-Id per order
 * makes every capture after the first answer the same capture.
 */
export function createPayPalPaymentProvider(options: PayPalProviderOptions): PayPalPaymentProvider {
  const client = createPayPalClient(options);
  const orders = new OrdersController(client.sdk);
  const payments = new PaymentsController(client.sdk);

  async function read(id: string): Promise<Order | null> {
    try {
      return (await orders.getOrder({ id })).result;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async function capture(id: string): Promise<Order> {
    try {
      const { result } = await orders.captureOrder({
        id,
        paypalRequestId: `cartwheel-capture-${id}`,
        prefer: 'return=representation',
      });
      return result;
    } catch (error) {
      // Declined by the buyer's bank (422 INSTRUMENT_DECLINED) or captured meanwhile: PayPal's word now.
      if (error instanceof ApiError && error.statusCode === 422) return (await read(id)) ?? {};
      throw error;
    }
  }

  async function settle(id: string): Promise<PaymentSessionState> {
    let order = await read(id);
    if (!order) return { status: 'expired', paymentMethod: null };
    if (order.status === 'APPROVED') {
      if (!(await options.mayCapture(id))) return { status: 'expired', paymentMethod: null };
      order = await capture(id);
    }
    return stateOf(order);
  }

  return {
    name: 'paypal',

    async createSession(input) {
      // PayPal checks that the items add up to the amount; they must be the order's total exactly.
      assertLinesAddUp(input);
      const currencyCode = input.currency.toUpperCase();
      const money = (amount: number) => ({ currencyCode, value: toMajorString(amount, currencyCode) });
      const itemTotal = input.lines.reduce((sum, l) => sum + l.unitAmount * l.quantity, 0);
      const { result } = await orders.createOrder({
        // One order, one PayPal order, even when the SDK or the shop retries after a network error.
        paypalRequestId: `cartwheel-checkout-${input.orderId}`,
        prefer: 'return=representation',
        body: {
          intent: CheckoutPaymentIntent.Capture,
          purchaseUnits: [
            {
              referenceId: 'default',
              // The order id only: an unpaid order may not have its number yet.
              customId: input.orderId,
              amount: {
                ...money(input.amount),
                breakdown: {
                  itemTotal: money(itemTotal),
                  shipping: money(input.shippingAmount),
                  taxTotal: money(input.taxAmount),
                },
              },
              items: input.lines.map((line) => ({
                name: cut(line.name),
                unitAmount: money(line.unitAmount),
                quantity: String(line.quantity),
                ...(line.description ? { description: cut(line.description) } : {}),
              })),
            },
          ],
          paymentSource: {
            paypal: {
              emailAddress: input.customerEmail,
              experienceContext: {
                returnUrl: input.successUrl,
                cancelUrl: input.cancelUrl,
                // The buyer pays on PayPal's page: no review step back at the shop.
                userAction: PaypalExperienceUserAction.PayNow,
                // The delivery address was given at checkout; PayPal asks for none.
                shippingPreference: PaypalWalletContextShippingPreference.NoShipping,
              },
            },
          },
        },
      });
      const approve = result.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve')?.href;
      if (!result.id || !approve)
        throw new Error(`PayPal returned order ${result.id} without an approval link`);
      return { id: result.id, url: approve };
    },

    getSession: settle,

    async expireSession(sessionId) {
      // PayPal has no call to void an uncaptured order: it lapses on its own, and mayCapture keeps a
      // cancelled checkout from being captured. A capture that won the race is the answer.
      const order = await read(sessionId);
      if (!order) return { status: 'expired', paymentMethod: null };
      const state = stateOf(order);
      return state.status === 'paid' ? state : { status: 'expired', paymentMethod: null };
    },

    async refund(input) {
      if (!input.sessionId) throw new Error(`order ${input.orderId} has no PayPal order to refund`);
      const order = await read(input.sessionId);
      const captureId = order ? captureOf(order)?.id : undefined;
      if (!captureId) throw new Error(`PayPal order ${input.sessionId} has no capture to refund`);
      const currencyCode = input.currency.toUpperCase();
      const { result } = await payments.refundCapturedPayment({
        captureId,
        // One refund record, one PayPal refund, even when staff or the reconciliation retry.
        paypalRequestId: input.idempotencyKey,
        prefer: 'return=representation',
        body: {
          amount: { currencyCode, value: toMajorString(input.amount, currencyCode) },
          customId: input.orderId,
        },
      });
      if (!result.id || result.status === 'FAILED' || result.status === 'CANCELLED') {
        throw new Error(`PayPal refused the refund: ${result.statusDetails?.reason ?? result.status}`);
      }
      return { id: result.id };
    },

    async verifyWebhook(rawBody, headers) {
      const header = (name: string) => {
        const value = headers[name];
        return typeof value === 'string' ? value : undefined;
      };
      const fields = {
        auth_algo: header('paypal-auth-algo'),
        cert_url: header('paypal-cert-url'),
        transmission_id: header('paypal-transmission-id'),
        transmission_sig: header('paypal-transmission-sig'),
        transmission_time: header('paypal-transmission-time'),
        webhook_id: options.webhookId,
      };
      if (Object.values(fields).some((v) => !v)) return false;
      // The event goes in as the bytes PayPal signed, not as a parsed and re-serialised object.
      const body = `${JSON.stringify(fields).slice(0, -1)},"webhook_event":${rawBody}}`;
      const res = await fetch(`${client.origin}/v1/notifications/verify-webhook-signature`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${await client.accessToken()}`,
          'content-type': 'application/json',
        },
        body,
        signal: AbortSignal.timeout(20_000),
      });
      if (!res.ok) throw new Error(`PayPal could not verify a webhook: HTTP ${res.status}`);
      const answer = (await res.json()) as { verification_status?: string };
      return answer.verification_status === 'SUCCESS';
    },
  };
}
